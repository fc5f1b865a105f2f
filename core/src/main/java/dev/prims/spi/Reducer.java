package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import java.util.concurrent.CompletableFuture;

/**
 * Reduce: combines all elements with one {@link ReduceOp}. The engine has already checked that the
 * operator suits the type and that MIN/MAX inputs are not empty.
 */
public interface Reducer {
  /**
   * Reduces {@code input} and returns the value boxed as its type ({@code Integer}, {@code Long},
   * {@code Float} or {@code Double}).
   */
  Number reduce(DeviceBuffer input, ReduceOp op, CallContext call);

  /**
   * {@link #reduce(DeviceBuffer, ReduceOp, CallContext)} without waiting for the device, where the
   * backend says so with {@link Backend#asyncPath}: the work is enqueued and the future completes
   * when the device has done it. Failures may be thrown or returned as a failed future. The default
   * runs the synchronous call and returns a completed future.
   */
  default CompletableFuture<Number> reduceAsync(DeviceBuffer input, ReduceOp op, CallContext call) {
    return CompletableFuture.completedFuture(reduce(input, op, call));
  }

  /** Reduces a host array; the default uploads it first. Backends may stream it instead. */
  default Number reduce(BufferManager buffers, Object array, ReduceOp op, CallContext call) {
    try (DeviceBuffer input = buffers.wrap(array)) {
      return reduce(input, op, call);
    }
  }
}
