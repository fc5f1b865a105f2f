package dev.prims.spi;

import dev.prims.DeviceBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * Dot product of two equal-length inputs of the same type, accumulated in that type (integers wrap
 * like Java).
 */
public interface DotProduct {
  /** {@code sum(a[i] * b[i])}, boxed as the inputs' type. */
  Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call);

  /**
   * {@link #dot(DeviceBuffer, DeviceBuffer, CallContext)} without waiting for the device (see
   * {@link Reducer#reduceAsync}). The default runs the synchronous call.
   */
  default CompletableFuture<Number> dotAsync(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    return CompletableFuture.completedFuture(dot(a, b, call));
  }

  /** Dot of two host arrays; the default uploads both first. */
  default Number dot(BufferManager buffers, Object a, Object b, CallContext call) {
    try (DeviceBuffer da = buffers.wrap(a);
        DeviceBuffer db = buffers.wrap(b)) {
      return dot(da, db, call);
    }
  }
}
