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
   * Checks that {@code output} can take the scan of {@code input}: the same type and at least the
   * same length.
   *
   * @throws IllegalArgumentException naming both types and lengths otherwise
   */
  static void requireOutput(DeviceBuffer input, DeviceBuffer output) {
    if (output.type() != input.type() || output.length() < input.length()) {
      String want = input.type().id() + " with at least " + input.length() + " elements";
      String got = output.type().id() + " with " + output.length();
      throw new IllegalArgumentException("scan output must be " + want + ", got " + got);
    }
  }

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

  /**
   * Scans the host ranges of {@code range} (see {@link HostScanRange}); the rest of the output is
   * untouched. A scan of a whole host array into a new one comes here too, with the new array as
   * the output. The default uploads the input range, scans it in place on the device and downloads
   * the result straight into the output range (correct, not fast: backends override it where they
   * can do better), unless {@link #stagedHostScan()} offers a staged pipeline that takes a range
   * this large.
   */
  default void scan(
      BufferManager buffers, HostScanRange range, ReduceOp op, ScanKind kind, CallContext call) {
    HostChunkScan.Device<?> staged = stagedHostScan();
    if (staged != null && HostChunkScan.scan(staged, range, op, kind, call)) {
      return;
    }
    try (DeviceBuffer buffer = buffers.upload(range.input(), range.from(), range.length())) {
      scan(buffer, buffer, op, kind, call);
      buffers.download(buffer, range.output(), range.outputFrom(), range.length());
    }
  }

  /**
   * The device half of this scanner's staged host-array scan (see {@link HostChunkScan}), or null
   * (the default) where host arrays go through buffers alone.
   */
  default HostChunkScan.Device<?> stagedHostScan() {
    return null;
  }

  /**
   * Combines {@code carry} into every element of {@code buffer} on the device ({@code x = carry op
   * x}, as the scan combines a prefix), or returns false when this backend has no kernel for it
   * (the caller then passes the buffer through the host). A multi-device scan gives each shard past
   * the first its carry so. The default returns false.
   */
  default boolean applyCarry(DeviceBuffer buffer, ReduceOp op, Number carry, CallContext call) {
    return false;
  }

  /**
   * Scans {@code input} into {@code output} as {@link #scan(DeviceBuffer, DeviceBuffer, ReduceOp,
   * ScanKind, CallContext)} does, with {@code carry} combined before the first element (the result
   * of a scan followed by {@link #applyCarry}, in one pass), or returns false without touching
   * {@code output} when this backend (or the call's variant) has no kernel for it. A multi-device
   * scan so continues the shards before each shard. The default returns false.
   */
  default boolean scanWithCarry(
      DeviceBuffer input,
      DeviceBuffer output,
      ReduceOp op,
      ScanKind kind,
      Number carry,
      CallContext call) {
    return false;
  }
}
