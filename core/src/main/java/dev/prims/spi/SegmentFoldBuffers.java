package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;

/**
 * The device buffers of a reproducible segmented sum or scan on a device backend: per fold of the
 * {@link FoldPlan}, one long buffer of each element's fold integer (digits) and one of the
 * segmented sums of those integers (for a scan, the digits buffer itself, scanned in place). A
 * kernel that always takes four folds passes the last real buffer for folds past the plan's.
 * Closing releases every buffer allocated so far.
 */
public final class SegmentFoldBuffers implements AutoCloseable {
  private final DeviceBuffer[] digits;
  private final DeviceBuffer[] sums;

  /**
   * Allocates the buffers for {@code n} values in {@code segments} segments: sums per segment for a
   * reduce ({@code scan} false), per element for a scan.
   */
  public SegmentFoldBuffers(
      BufferManager buffers, FoldPlan plan, long n, long segments, boolean scan) {
    digits = new DeviceBuffer[plan.folds()];
    sums = new DeviceBuffer[plan.folds()];
    try {
      for (int f = 0; f < plan.folds(); f++) {
        digits[f] = buffers.allocate(DType.LONG, Math.max(n, 1));
        sums[f] = scan ? digits[f] : buffers.allocate(DType.LONG, segments);
      }
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  /** The plan's number of folds. */
  public int folds() {
    return digits.length;
  }

  /** Fold {@code f}'s digits; the last fold's for {@code f} past the plan's folds. */
  public DeviceBuffer digits(int f) {
    return digits[Math.min(f, digits.length - 1)];
  }

  /** Fold {@code f}'s sums; the last fold's for {@code f} past the plan's folds. */
  public DeviceBuffer sums(int f) {
    return sums[Math.min(f, sums.length - 1)];
  }

  @Override
  public void close() {
    for (int f = 0; f < digits.length; f++) {
      if (sums[f] != null && sums[f] != digits[f]) {
        sums[f].close();
      }
      if (digits[f] != null) {
        digits[f].close();
      }
    }
  }
}
