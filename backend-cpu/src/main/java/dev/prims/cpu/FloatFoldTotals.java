package dev.prims.cpu;

import dev.prims.spi.FoldPlan;

/**
 * The one-pass reproducible float sum's arithmetic on the CPU, as the CUDA kernel does it: the
 * exact total {@code T = sum of trunc(x / 2^low)} of a range at a top grid ({@code low = top - 60},
 * see {@link FoldPlan}). A float with no bits below {@code 2^low} splits exactly into a multiple of
 * {@code 2^(low + 42)} and a remainder; 16 of each are summed exactly in doubles, then moved into a
 * 128-bit integer. Floats with bits below {@code 2^low} are truncated first.
 */
final class FloatFoldTotals {
  /** {@link #topGrid} of a range holding a NaN or an infinity. */
  static final int NON_FINITE = Integer.MAX_VALUE;

  /** {@link #topGrid} of a range of zeros. */
  static final int ZERO = Integer.MIN_VALUE;

  private static final int SPLIT = 45;
  private static final int STEP = 128;

  private FloatFoldTotals() {}

  /** {@link FoldPlan#topGridFor} of the largest magnitude in {@code a[from..to)}. */
  static int topGrid(float[] a, int from, int to) {
    int max = 0;
    for (int i = from; i < to; i++) {
      max = Math.max(max, Float.floatToRawIntBits(a[i]) & 0x7fffffff);
    }
    if (max >= 0x7f800000) {
      return NON_FINITE;
    }
    return max == 0 ? ZERO : FoldPlan.topGridFor(Float.intBitsToFloat(max));
  }

  /**
   * Adds the exact total of {@code a[from..to)} at {@code top} to the 128-bit integer {@code
   * total[0] + 2^64 * total[1]} (every magnitude below {@code 2^(top + 30)}).
   */
  static void addTotal(float[] a, int from, int to, int top, long[] total) {
    int low = top - 2 * FoldPlan.WIDTH;
    int t = low + 23;
    int limit = t >= -126 ? (t + 127) << 23 : (t >= -149 ? 1 << (t + 149) : 0);
    double roundAt = 1.5 * Math.scalb(1.0, low + SPLIT + 52);
    double hiScale = Math.scalb(1.0, -(low + SPLIT));
    double loScale = Math.scalb(1.0, -low);
    long lo = total[0];
    long hi = total[1];
    for (int base = from; base < to; base += STEP) {
      int end = Math.min(to, base + STEP);
      double h0 = 0;
      double h1 = 0;
      double h2 = 0;
      double h3 = 0;
      double l0 = 0;
      double l1 = 0;
      double l2 = 0;
      double l3 = 0;
      int i = base;
      for (; i + 3 < end; i += 4) {
        double d0 = exact(a[i], low, limit);
        double d1 = exact(a[i + 1], low, limit);
        double d2 = exact(a[i + 2], low, limit);
        double d3 = exact(a[i + 3], low, limit);
        double r0 = (d0 + roundAt) - roundAt;
        double r1 = (d1 + roundAt) - roundAt;
        double r2 = (d2 + roundAt) - roundAt;
        double r3 = (d3 + roundAt) - roundAt;
        h0 += r0;
        h1 += r1;
        h2 += r2;
        h3 += r3;
        l0 += d0 - r0;
        l1 += d1 - r1;
        l2 += d2 - r2;
        l3 += d3 - r3;
      }
      for (; i < end; i++) {
        double d0 = exact(a[i], low, limit);
        double r0 = (d0 + roundAt) - roundAt;
        h0 += r0;
        l0 += d0 - r0;
      }
      long high = (long) (((h0 + h1) + (h2 + h3)) * hiScale);
      long rest = (long) (((l0 + l1) + (l2 + l3)) * loScale);
      // total += high * 2^SPLIT + rest, in 128 bits
      long addLo = high << SPLIT;
      long sum = lo + addLo;
      hi += (high >> (64 - SPLIT)) + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
      lo = sum;
      sum = lo + rest;
      hi += (rest >> 63) + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
      lo = sum;
    }
    total[0] = lo;
    total[1] = hi;
  }

  /** {@code x} widened, with its bits below {@code 2^low} cleared (truncation toward zero). */
  private static double exact(float x, int low, int limit) {
    int bits = Float.floatToRawIntBits(x);
    int magnitude = bits & 0x7fffffff;
    if (magnitude < limit) {
      int cut = low - (Math.max(magnitude >>> 23, 1) - 150);
      if (cut > 0) {
        int kept = cut >= 24 ? 0 : magnitude & ~((1 << cut) - 1);
        return Float.intBitsToFloat((bits & 0x80000000) | kept);
      }
    }
    return x;
  }
}
