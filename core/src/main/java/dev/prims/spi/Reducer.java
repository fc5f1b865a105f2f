package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;

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

  /** Reduces a host array; the default uploads it first. Backends may stream it instead. */
  default Number reduce(BufferManager buffers, Object array, ReduceOp op, CallContext call) {
    try (DeviceBuffer input = buffers.upload(array)) {
      return reduce(input, op, call);
    }
  }
}
