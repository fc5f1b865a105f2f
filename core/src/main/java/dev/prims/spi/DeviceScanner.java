package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.concurrent.CompletableFuture;

/**
 * The scan of a device backend that checks a call's buffers first and then enqueues its kernels:
 * {@link #prepare} does the checks and returns what enqueues the scan, which the synchronous scan,
 * the asynchronous one and the scan with a carry run alike.
 */
public abstract class DeviceScanner implements Scanner {
  @Override
  public void scan(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    Runnable enqueue = prepare(input, output, op, kind, null, call);
    if (enqueue != null) {
      run(enqueue);
    }
  }

  @Override
  public CompletableFuture<Void> scanAsync(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    Runnable enqueue = prepare(input, output, op, kind, null, call);
    if (enqueue == null) {
      return CompletableFuture.completedFuture(null);
    }
    return runAsync(enqueue);
  }

  /**
   * Scans with {@code carry} before the first element where {@link #carriesInOnePass} says the
   * call's variant can; false otherwise (the caller then applies the carry after the scan).
   */
  @Override
  public boolean scanWithCarry(
      DeviceBuffer input,
      DeviceBuffer output,
      ReduceOp op,
      ScanKind kind,
      Number carry,
      CallContext call) {
    if (!carriesInOnePass(call)) {
      return false;
    }
    Runnable enqueue = prepare(input, output, op, kind, carry, call);
    if (enqueue != null) {
      run(enqueue);
    }
    return true;
  }

  /**
   * Checks the buffers, records the variant in {@code call}, and returns what enqueues the scan
   * (run under the backend's lock), or null for an empty input; {@code carry} (or null) comes
   * before the first element.
   */
  protected abstract Runnable prepare(
      DeviceBuffer input,
      DeviceBuffer output,
      ReduceOp op,
      ScanKind kind,
      Number carry,
      CallContext call);

  /** Runs {@code enqueue} under the backend's lock as a synchronous call. */
  protected abstract void run(Runnable enqueue);

  /**
   * Runs {@code enqueue} under the backend's lock and returns at once; the future completes when
   * the device has done it.
   */
  protected abstract CompletableFuture<Void> runAsync(Runnable enqueue);

  /** Whether the variant {@code call} runs scans with a carry in one pass. */
  protected abstract boolean carriesInOnePass(CallContext call);
}
