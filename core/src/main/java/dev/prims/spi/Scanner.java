package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.concurrent.CompletableFuture;

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

  /**
   * {@link #scan(DeviceBuffer, DeviceBuffer, ReduceOp, ScanKind, CallContext)} without waiting for
   * the device (see {@link Reducer#reduceAsync}): the future completes when {@code output} holds
   * the scan. The default runs the synchronous call.
   */
  default CompletableFuture<Void> scanAsync(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    scan(input, output, op, kind, call);
    return CompletableFuture.completedFuture(null);
  }

  /** Scans a host array into a new one; the default goes through buffers. */
  default Object scan(
      BufferManager buffers, Object array, ReduceOp op, ScanKind kind, CallContext call) {
    int n = java.lang.reflect.Array.getLength(array);
    Object result = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
    try (DeviceBuffer input = buffers.wrap(array);
        DeviceBuffer output = buffers.outputFor(result)) {
      scan(input, output, op, kind, call);
      buffers.download(output, result);
    }
    return result;
  }
}
