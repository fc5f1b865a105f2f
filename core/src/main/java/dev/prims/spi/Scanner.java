package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;

/**
 * Scan (prefix reduction): {@code output[i]} combines {@code input[0..i]} (inclusive) or {@code
 * input[0..i-1]} starting from the operator's identity (exclusive).
 */
public interface Scanner {
  /**
   * Scans {@code input} into {@code output}, which has the same type and at least the same length.
   * {@code input} and {@code output} may be the same buffer (in place).
   */
  void scan(DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call);

  /** Scans a host array into a new one; the default goes through buffers. */
  default Object scan(
      BufferManager buffers, Object array, ReduceOp op, ScanKind kind, CallContext call) {
    int n = java.lang.reflect.Array.getLength(array);
    Object result = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
    try (DeviceBuffer input = buffers.upload(array);
        DeviceBuffer output = buffers.outputFor(result)) {
      scan(input, output, op, kind, call);
      buffers.download(output, result);
    }
    return result;
  }
}
