package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;

/**
 * Sequential loops of reproducible mode over {@code [from, to)}, following {@link FoldPlan}'s
 * per-element recipe operation for operation: each element split into the plan's folds (3 for
 * float, 4 for double), whose integers are added to {@code sums}. Integer sums are exact, so the
 * chunking does not change the result.
 */
final class FoldLoops {
  private static final long MASK = (1L << FoldPlan.WIDTH) - 1;

  private FoldLoops() {}

  /**
   * The fold sums of {@code a[from..to)} at the top grid of its own largest magnitude (one pass
   * over memory: the range is read twice while it is in cache).
   */
  static FoldSums sumAtOwnTop(double[] a, int from, int to) {
    double max = 0;
    for (int i = from; i < to; i++) {
      max = Math.max(max, Math.abs(a[i]));
    }
    if (!Double.isFinite(max)) {
      return FoldSums.nonFinite(DType.DOUBLE);
    }
    if (max == 0) {
      return FoldSums.zero(DType.DOUBLE);
    }
    FoldPlan plan = FoldPlan.forMaxAbs(DType.DOUBLE, max);
    long[] sums = new long[plan.folds()];
    sum(a, from, to, plan, sums);
    return FoldSums.of(DType.DOUBLE, plan.topGrid(), sums);
  }

  /** Adds the folds of {@code a[from..to)} to {@code sums}. */
  static void sum(float[] a, int from, int to, FoldPlan p, long[] sums) {
    double d10 = p.down1(0);
    double d20 = p.down2(0);
    double u10 = p.up1(0);
    double u20 = p.up2(0);
    double d11 = p.down1(1);
    double d21 = p.down2(1);
    double u11 = p.up1(1);
    double u21 = p.up2(1);
    double d12 = p.down1(2);
    double d22 = p.down2(2);
    long s0 = sums[0];
    long s1 = sums[1];
    long s2 = sums[2];
    for (int i = from; i < to; i++) {
      double r = a[i];
      long k0 = (long) ((r * d10) * d20);
      s0 += k0;
      r = r - ((double) k0 * u10) * u20;
      long k1 = (long) ((r * d11) * d21);
      s1 += k1;
      r = r - ((double) k1 * u11) * u21;
      s2 += (long) ((r * d12) * d22);
    }
    sums[0] = s0;
    sums[1] = s1;
    sums[2] = s2;
  }

  /** Adds the folds of {@code a[from..to)} to {@code sums}. */
  static void sum(double[] a, int from, int to, FoldPlan p, long[] sums) {
    Folds4 f = new Folds4(p, sums);
    for (int i = from; i < to; i++) {
      f.add(a[i]);
    }
    f.store(sums);
  }

  /** Adds the folds of the products {@code (double) a[i] * (double) b[i]} to {@code sums}. */
  static void dot(float[] a, float[] b, int from, int to, FoldPlan p, long[] sums) {
    double d10 = p.down1(0);
    double d20 = p.down2(0);
    double u10 = p.up1(0);
    double u20 = p.up2(0);
    double d11 = p.down1(1);
    double d21 = p.down2(1);
    double u11 = p.up1(1);
    double u21 = p.up2(1);
    double d12 = p.down1(2);
    double d22 = p.down2(2);
    long s0 = sums[0];
    long s1 = sums[1];
    long s2 = sums[2];
    for (int i = from; i < to; i++) {
      double r = (double) a[i] * (double) b[i];
      long k0 = (long) ((r * d10) * d20);
      s0 += k0;
      r = r - ((double) k0 * u10) * u20;
      long k1 = (long) ((r * d11) * d21);
      s1 += k1;
      r = r - ((double) k1 * u11) * u21;
      s2 += (long) ((r * d12) * d22);
    }
    sums[0] = s0;
    sums[1] = s1;
    sums[2] = s2;
  }

  /** Adds the folds of the products {@code a[i] * b[i]} to {@code sums}. */
  static void dot(double[] a, double[] b, int from, int to, FoldPlan p, long[] sums) {
    Folds4 f = new Folds4(p, sums);
    for (int i = from; i < to; i++) {
      f.add(a[i] * b[i]);
    }
    f.store(sums);
  }

  /**
   * Scans {@code in[from..to)} into {@code out} starting from the fold sums {@code start}: each
   * output is {@link FoldPlan#combine} of the running sums (after the element when inclusive,
   * before it when exclusive), rounded to float. In place is allowed.
   */
  static void scan(
      float[] in, float[] out, int from, int to, FoldPlan p, long[] start, boolean inclusive) {
    double d10 = p.down1(0);
    double d20 = p.down2(0);
    double u10 = p.up1(0);
    double u20 = p.up2(0);
    double d11 = p.down1(1);
    double d21 = p.down2(1);
    double u11 = p.up1(1);
    double u21 = p.up2(1);
    double d12 = p.down1(2);
    double d22 = p.down2(2);
    double u12 = p.up1(2);
    double u22 = p.up2(2);
    long s0 = start[0];
    long s1 = start[1];
    long s2 = start[2];
    for (int i = from; i < to; i++) {
      double r = in[i];
      if (!inclusive) {
        out[i] = (float) combine3(s0, s1, s2, u10, u20, u11, u21, u12, u22);
      }
      long k0 = (long) ((r * d10) * d20);
      s0 += k0;
      r = r - ((double) k0 * u10) * u20;
      long k1 = (long) ((r * d11) * d21);
      s1 += k1;
      r = r - ((double) k1 * u11) * u21;
      s2 += (long) ((r * d12) * d22);
      if (inclusive) {
        out[i] = (float) combine3(s0, s1, s2, u10, u20, u11, u21, u12, u22);
      }
    }
  }

  /** {@link FoldPlan#combine} of three fold sums: normalized, then scaled and added in order. */
  private static double combine3(
      long s0,
      long s1,
      long s2,
      double u10,
      double u20,
      double u11,
      double u21,
      double u12,
      double u22) {
    long n2 = s2 & MASK;
    long t1 = s1 + (s2 >> FoldPlan.WIDTH);
    long n1 = t1 & MASK;
    long n0 = s0 + (t1 >> FoldPlan.WIDTH);
    return (((double) n0 * u10) * u20 + ((double) n1 * u11) * u21) + ((double) n2 * u12) * u22;
  }

  /**
   * Scans {@code in[from..to)} into {@code out} starting from the fold sums {@code start}, as for
   * float but with four folds and double results. In place is allowed.
   */
  static void scan(
      double[] in, double[] out, int from, int to, FoldPlan p, long[] start, boolean inclusive) {
    Folds4 f = new Folds4(p, start);
    for (int i = from; i < to; i++) {
      double r = in[i];
      if (!inclusive) {
        out[i] = f.combine();
      }
      f.add(r);
      if (inclusive) {
        out[i] = f.combine();
      }
    }
  }

  /** The running sums and scaling factors of a double plan's four folds. */
  private static final class Folds4 {
    private final double d10;
    private final double d20;
    private final double u10;
    private final double u20;
    private final double d11;
    private final double d21;
    private final double u11;
    private final double u21;
    private final double d12;
    private final double d22;
    private final double u12;
    private final double u22;
    private final double d13;
    private final double d23;
    private final double u13;
    private final double u23;
    private long s0;
    private long s1;
    private long s2;
    private long s3;

    Folds4(FoldPlan p, long[] start) {
      d10 = p.down1(0);
      d20 = p.down2(0);
      u10 = p.up1(0);
      u20 = p.up2(0);
      d11 = p.down1(1);
      d21 = p.down2(1);
      u11 = p.up1(1);
      u21 = p.up2(1);
      d12 = p.down1(2);
      d22 = p.down2(2);
      u12 = p.up1(2);
      u22 = p.up2(2);
      d13 = p.down1(3);
      d23 = p.down2(3);
      u13 = p.up1(3);
      u23 = p.up2(3);
      s0 = start[0];
      s1 = start[1];
      s2 = start[2];
      s3 = start[3];
    }

    void add(double r) {
      long k0 = (long) ((r * d10) * d20);
      s0 += k0;
      r = r - ((double) k0 * u10) * u20;
      long k1 = (long) ((r * d11) * d21);
      s1 += k1;
      r = r - ((double) k1 * u11) * u21;
      long k2 = (long) ((r * d12) * d22);
      s2 += k2;
      r = r - ((double) k2 * u12) * u22;
      s3 += (long) ((r * d13) * d23);
    }

    /** {@link FoldPlan#combine} of the running sums: normalized, then scaled and added. */
    double combine() {
      long n3 = s3 & MASK;
      long t2 = s2 + (s3 >> FoldPlan.WIDTH);
      long n2 = t2 & MASK;
      long t1 = s1 + (t2 >> FoldPlan.WIDTH);
      long n1 = t1 & MASK;
      long n0 = s0 + (t1 >> FoldPlan.WIDTH);
      return ((((double) n0 * u10) * u20 + ((double) n1 * u11) * u21) + ((double) n2 * u12) * u22)
          + ((double) n3 * u13) * u23;
    }

    void store(long[] sums) {
      sums[0] = s0;
      sums[1] = s1;
      sums[2] = s2;
      sums[3] = s3;
    }
  }
}
