package dev.prims.spi;

import dev.prims.DeviceBuffer;

/**
 * Dot product of two equal-length inputs of the same type, accumulated in that type (integers wrap
 * like Java).
 */
public interface DotProduct {
  /** {@code sum(a[i] * b[i])}, boxed as the inputs' type. */
  Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call);

  /** Dot of two host arrays; the default uploads both first. */
  default Number dot(BufferManager buffers, Object a, Object b, CallContext call) {
    try (DeviceBuffer da = buffers.upload(a);
        DeviceBuffer db = buffers.upload(b)) {
      return dot(da, db, call);
    }
  }
}
