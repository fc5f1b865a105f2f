package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import java.util.concurrent.CompletableFuture;

/**
 * Arg-min and arg-max: the first extreme element and its index in the order of {@link ArgOrder}.
 * The engine has already checked that {@code op} is MIN or MAX and that the input is not empty.
 */
public interface ArgReducer {
  /** The winning element of {@code input} under {@code op} and its index. */
  IndexedValue argReduce(DeviceBuffer input, ReduceOp op, CallContext call);

  /**
   * {@link #argReduce(DeviceBuffer, ReduceOp, CallContext)} without waiting for the device (see
   * {@link Reducer#reduceAsync}). The default runs the synchronous call.
   */
  default CompletableFuture<IndexedValue> argReduceAsync(
      DeviceBuffer input, ReduceOp op, CallContext call) {
    return CompletableFuture.completedFuture(argReduce(input, op, call));
  }

  /** Arg-reduce of a host array; the default uploads it first. */
  default IndexedValue argReduce(
      BufferManager buffers, Object array, ReduceOp op, CallContext call) {
    try (DeviceBuffer input = buffers.wrap(array)) {
      return argReduce(input, op, call);
    }
  }
}
