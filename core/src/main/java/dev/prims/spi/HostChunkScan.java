package dev.prims.spi;

import dev.prims.DType;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;

/**
 * The staged host scan of a GPU backend: a host range is scanned chunk by chunk through the
 * backend's {@link HostChunkPipeline}; each chunk is scanned on the device by the call's variant,
 * then the backend's {@code scan_carry_chunk} kernel combines the carry of the chunks before it
 * (kept on the device, one element per chunk) into it and leaves the carry for the next chunk. The
 * backend supplies the device half ({@link Device}).
 */
public final class HostChunkScan {
  /**
   * The scan of chunk {@code index}: {@code length} elements from {@code input} into {@code
   * output}, combining the carry of the chunks before it from {@code carries} and leaving this
   * chunk's carry there.
   *
   * @param <M> the backend's handle of device memory
   */
  @FunctionalInterface
  public interface Chunk<M> {
    void enqueue(M input, M output, long length, int index, M carries);
  }

  /**
   * The device half of a staged host scan.
   *
   * @param <M> the backend's handle of device memory
   */
  public interface Device<M> {
    /** Whether a host range of {@code bytes} is staged (else the default path scans it). */
    boolean stages(long bytes);

    /** Checks that the device takes {@code type} and returns the scan variant that runs. */
    String variant(DType type, CallContext call);

    /**
     * The scan of one chunk: {@code variant}'s kernels, then {@code scan_carry_chunk} (one block
     * for chunk 0, which only leaves its carry).
     */
    Chunk<M> chunk(String variant, ReduceOp op, DType type, boolean exclusive);

    /**
     * Under the backend's lock, streams {@code range} through the staging slots, each chunk scanned
     * by {@code chunk}; returns when the output holds it all.
     */
    void stream(HostScanRange range, Chunk<M> chunk);
  }

  private HostChunkScan() {}

  /**
   * Scans {@code range} through {@code device}'s staged pipeline, or returns false without touching
   * anything when the device does not stage a range of this size (the caller then takes the default
   * path).
   */
  public static <M> boolean scan(
      Device<M> device, HostScanRange range, ReduceOp op, ScanKind kind, CallContext call) {
    DType type = range.type();
    if (!device.stages((long) range.length() * type.bytes())) {
      return false;
    }
    String variant = device.variant(type, call);
    op.requireSupported(type);
    call.usedVariant(variant);
    device.stream(range, device.chunk(variant, op, type, kind == ScanKind.EXCLUSIVE));
    return true;
  }
}
