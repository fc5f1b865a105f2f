package dev.prims.cpu;

import dev.prims.spi.FoldPlan;

/**
 * The one-pass reproducible float sum's arithmetic on the CPU, as the CUDA kernel does it: the
 * exact total {@code T = sum of trunc(x / 2^low)} of a range at a top grid ({@code low = top - 60},
 * see {@link FoldPlan}). A float with no bits below {@code 2^low} splits exactly into a multiple of
 * {@code 2^(low + 42)} and a remainder; 16 of each are summed exactly in doubles, then moved into a
 * 128-bit integer. Floats with bits below {@code 2^low} are truncated first. {@link #foldChunk}
 * tries the vectorised {@link FloatFoldLanes} on spans of whole rows first.
 */
final class FloatFoldTotals {
  /** {@link #foldChunk} of a range holding a NaN or an infinity. */
  static final int NON_FINITE = Integer.MAX_VALUE;

  /** {@link #foldChunk} of a range of zeros. */
  static final int ZERO = Integer.MIN_VALUE;

  private static final int SPLIT = 45;
  private static final int STEP = 128;

  private FloatFoldTotals() {}

  /**
   * Adds the exact total of {@code a[from..to)} at {@code top} to the 128-bit integer {@code
   * total[0] + 2^64 * total[1]} (every magnitude below {@code 2^(top + 30)}).
   */
  static void addTotal(float[] a, int from, int to, int top, long[] total) {
    Grid grid = new Grid(top);
    for (int base = from; base < to; base += STEP) {
      int end = Math.min(to, base + STEP);
      if (!plainGroup(a, base, end, grid, total)) {
        splitGroup(a, base, end, grid, total);
      }
    }
  }

  /**
   * One pass over a chunk: its exact total at its own top grid is added to {@code total}, and that
   * top grid (or {@link #ZERO}, {@link #NON_FINITE}) returned. The top grid is guessed from the
   * first group and checked against the chunk's largest magnitude, tracked on the way; a wrong
   * guess (a later value 2^30 or more above the first group's largest) folds the chunk again. Spans
   * of whole rows go to {@link FloatFoldLanes} first; spans it declines, and the tail, go group by
   * group.
   */
  static int foldChunk(float[] a, int from, int to, long[] total) {
    float first = groupMax(a, from, Math.min(to, from + STEP));
    if (!(first <= Float.MAX_VALUE)) {
      return NON_FINITE;
    }
    int guess = first == 0 ? -150 : FoldPlan.topGridFor(first);
    Grid grid = new Grid(guess);
    long[] sum = new long[2];
    // the first group's largest value fixes the top grid from below; spans the lanes take and
    // plain groups stay below 2^(guess + 30), and groups taking the general path report their
    // largest
    float largest = first;
    int base = from;
    int bound = first == 0 ? FloatFoldLanes.NONE : FloatFoldLanes.bound(first, guess);
    if (bound != FloatFoldLanes.NONE) {
      FloatFoldLanes lanes = FloatFoldLanes.local();
      int span = FloatFoldLanes.WIDTH * FloatFoldLanes.ROWS;
      while (to - base >= FloatFoldLanes.WIDTH) {
        int end = base + Math.min(span, (to - base) / FloatFoldLanes.WIDTH * FloatFoldLanes.WIDTH);
        if (!lanes.add(a, base, end, bound, grid.low, sum)) {
          largest = Math.max(largest, groups(a, base, end, grid, sum));
        }
        base = end;
      }
    }
    largest = Math.max(largest, groups(a, base, to, grid, sum));
    if (!(largest <= Float.MAX_VALUE)) {
      return NON_FINITE;
    }
    if (largest == 0) {
      return ZERO;
    }
    int top = FoldPlan.topGridFor(largest);
    if (top != guess) {
      sum[0] = 0;
      sum[1] = 0;
      addTotal(a, from, to, top, sum);
    }
    add(total, sum);
    return top;
  }

  /**
   * Adds the exact total of {@code a[from..to)} at {@code grid} group by group and returns the
   * largest magnitude of the groups that took the general path (NaN for a non-finite one).
   */
  private static float groups(float[] a, int from, int to, Grid grid, long[] sum) {
    float largest = 0;
    for (int base = from; base < to; base += STEP) {
      int end = Math.min(to, base + STEP);
      if (!plainGroup(a, base, end, grid, sum)) {
        largest =
            Math.max(
                largest, splitGroup(a, base, end, grid, sum) ? groupMax(a, base, end) : Float.NaN);
      }
    }
    return largest;
  }

  /** Largest magnitude of {@code a[base..end)} (NaN if any). */
  private static float groupMax(float[] a, int base, int end) {
    float max = 0;
    for (int i = base; i < end; i++) {
      max = Math.max(max, Math.abs(a[i]));
    }
    return max;
  }

  /**
   * The fast path: when every value of the group is at least {@code 2^(top + 7)} and below {@code
   * 2^(top + 30)}, all of them are multiples of {@code 2^(top - 16)} and the group's sums stay
   * below {@code 2^(top + 37)}, so plain double sums are exact (53 bits). Returns false, adding
   * nothing, otherwise (also for a group holding a zero: exact, but rare enough to take the general
   * path).
   */
  private static boolean plainGroup(float[] a, int base, int end, Grid grid, long[] total) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    // absolute bits: their order is the magnitudes' order; minus one (masked) puts zero last
    // every value's absolute bits minus the lower bound's, compared as unsigned numbers (the sign
    // bit flipped, so a signed max finds the unsigned one): in range when below the ceiling's
    int lowerBits = grid.plainLimitBits;
    int worst = Integer.MIN_VALUE;
    int i = base;
    for (; i + 3 < end; i += 4) {
      float x0 = a[i];
      float x1 = a[i + 1];
      float x2 = a[i + 2];
      float x3 = a[i + 3];
      int u0 = ((Float.floatToRawIntBits(x0) & 0x7fffffff) - lowerBits) ^ Integer.MIN_VALUE;
      int u1 = ((Float.floatToRawIntBits(x1) & 0x7fffffff) - lowerBits) ^ Integer.MIN_VALUE;
      int u2 = ((Float.floatToRawIntBits(x2) & 0x7fffffff) - lowerBits) ^ Integer.MIN_VALUE;
      int u3 = ((Float.floatToRawIntBits(x3) & 0x7fffffff) - lowerBits) ^ Integer.MIN_VALUE;
      worst = Math.max(worst, Math.max(Math.max(u0, u1), Math.max(u2, u3)));
      s0 += x0;
      s1 += x1;
      s2 += x2;
      s3 += x3;
    }
    for (; i < end; i++) {
      int u = ((Float.floatToRawIntBits(a[i]) & 0x7fffffff) - lowerBits) ^ Integer.MIN_VALUE;
      worst = Math.max(worst, u);
      s0 += a[i];
    }
    // zeros, values below 2^(top + 7), at or above 2^(top + 30), NaN and infinities are out of
    // range
    if (worst >= grid.plainSpan) {
      return false;
    }
    double sum = (s0 + s1) + (s2 + s3);
    long high = (long) (sum * grid.hiScale);
    double rest = sum - high * grid.hiUnit;
    add(total, high, (long) (rest * grid.loScale));
    return true;
  }

  /**
   * The general path: each value (truncated below {@code 2^low} first) splits exactly into a
   * multiple of {@code 2^(low + 45)} and a remainder, each summed exactly.
   */
  private static boolean splitGroup(float[] a, int base, int end, Grid grid, long[] total) {
    double roundAt = grid.roundAt;
    int low = grid.low;
    int limit = grid.truncateLimit;
    double h0 = 0;
    double h1 = 0;
    double l0 = 0;
    double l1 = 0;
    int i = base;
    for (; i + 1 < end; i += 2) {
      double d0 = exact(a[i], low, limit);
      double d1 = exact(a[i + 1], low, limit);
      double r0 = (d0 + roundAt) - roundAt;
      double r1 = (d1 + roundAt) - roundAt;
      h0 += r0;
      h1 += r1;
      l0 += d0 - r0;
      l1 += d1 - r1;
    }
    if (i < end) {
      double d0 = exact(a[i], low, limit);
      double r0 = (d0 + roundAt) - roundAt;
      h0 += r0;
      l0 += d0 - r0;
    }
    double high = h0 + h1;
    double rest = l0 + l1;
    if (!(Math.abs(high + rest) <= Double.MAX_VALUE)) {
      return false;
    }
    add(total, (long) (high * grid.hiScale), (long) (rest * grid.loScale));
    return true;
  }

  /** total += other, in 128 bits. */
  private static void add(long[] total, long[] other) {
    long sum = total[0] + other[0];
    total[1] += other[1] + (Long.compareUnsigned(sum, total[0]) < 0 ? 1 : 0);
    total[0] = sum;
  }

  /** total += high * 2^SPLIT + rest, in 128 bits (units of 2^low). */
  private static void add(long[] total, long high, long rest) {
    long lo = total[0];
    long sum = lo + (high << SPLIT);
    long hi = total[1] + (high >> (64 - SPLIT)) + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
    lo = sum;
    sum = lo + rest;
    hi += (rest >> 63) + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
    total[0] = sum;
    total[1] = hi;
  }

  /** The constants of one top grid. */
  private static final class Grid {
    final int low;
    final int truncateLimit;
    final int plainLimitBits;
    final int plainSpan;
    final double roundAt;
    final double hiScale;
    final double hiUnit;
    final double loScale;

    Grid(int top) {
      low = top - 2 * FoldPlan.WIDTH;
      int t = low + 23;
      truncateLimit = t >= -126 ? (t + 127) << 23 : (t >= -149 ? 1 << (t + 149) : 0);
      plainLimitBits = Float.floatToRawIntBits((float) Math.scalb(1.0, top + 7));
      int ceilingBits =
          Math.min(
              0x7f800000, Float.floatToRawIntBits((float) Math.scalb(1.0, top + FoldPlan.WIDTH)));
      plainSpan = (ceilingBits - plainLimitBits) ^ Integer.MIN_VALUE;
      roundAt = 1.5 * Math.scalb(1.0, low + SPLIT + 52);
      hiScale = Math.scalb(1.0, -(low + SPLIT));
      hiUnit = Math.scalb(1.0, low + SPLIT);
      loScale = Math.scalb(1.0, -low);
    }
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
