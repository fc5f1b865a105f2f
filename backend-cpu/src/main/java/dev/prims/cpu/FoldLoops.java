package dev.prims.cpu;

import dev.prims.spi.FoldPlan;

/**
 * Sequential loops of reproducible mode over {@code [from, to)}, following {@link FoldPlan}'s
 * per-element recipe operation for operation: each element split into the plan's folds (2 for
 * float, 3 for double), whose integers are added to {@code sums}. Integer sums are exact, so the
 * chunking does not change the result.
 */
final class FoldLoops {
  private FoldLoops() {}

  /** Adds the folds of {@code a[from..to)} to {@code sums}. */
  static void sum(float[] a, int from, int to, FoldPlan p, long[] sums) {
    double d10 = p.down1(0);
    double d20 = p.down2(0);
    double u10 = p.up1(0);
    double u20 = p.up2(0);
    double d11 = p.down1(1);
    double d21 = p.down2(1);
    long s0 = sums[0];
    long s1 = sums[1];
    for (int i = from; i < to; i++) {
      double r = a[i];
      long k0 = (long) ((r * d10) * d20);
      s0 += k0;
      r = r - ((double) k0 * u10) * u20;
      s1 += (long) ((r * d11) * d21);
    }
    sums[0] = s0;
    sums[1] = s1;
  }

  /** Adds the folds of {@code a[from..to)} to {@code sums}. */
  static void sum(double[] a, int from, int to, FoldPlan p, long[] sums) {
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

  /** Adds the folds of the products {@code (double) a[i] * (double) b[i]} to {@code sums}. */
  static void dot(float[] a, float[] b, int from, int to, FoldPlan p, long[] sums) {
    double d10 = p.down1(0);
    double d20 = p.down2(0);
    double u10 = p.up1(0);
    double u20 = p.up2(0);
    double d11 = p.down1(1);
    double d21 = p.down2(1);
    long s0 = sums[0];
    long s1 = sums[1];
    for (int i = from; i < to; i++) {
      double r = (double) a[i] * (double) b[i];
      long k0 = (long) ((r * d10) * d20);
      s0 += k0;
      r = r - ((double) k0 * u10) * u20;
      s1 += (long) ((r * d11) * d21);
    }
    sums[0] = s0;
    sums[1] = s1;
  }

  /** Adds the folds of the products {@code a[i] * b[i]} to {@code sums}. */
  static void dot(double[] a, double[] b, int from, int to, FoldPlan p, long[] sums) {
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
      double r = a[i] * b[i];
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
    long s0 = start[0];
    long s1 = start[1];
    for (int i = from; i < to; i++) {
      double r = in[i];
      if (!inclusive) {
        out[i] = (float) (((double) s0 * u10) * u20 + ((double) s1 * u11) * u21);
      }
      long k0 = (long) ((r * d10) * d20);
      s0 += k0;
      r = r - ((double) k0 * u10) * u20;
      s1 += (long) ((r * d11) * d21);
      if (inclusive) {
        out[i] = (float) (((double) s0 * u10) * u20 + ((double) s1 * u11) * u21);
      }
    }
  }

  /**
   * Scans {@code in[from..to)} into {@code out} starting from the fold sums {@code start}, as for
   * float but with three folds and double results. In place is allowed.
   */
  static void scan(
      double[] in, double[] out, int from, int to, FoldPlan p, long[] start, boolean inclusive) {
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
        out[i] =
            (((double) s0 * u10) * u20 + ((double) s1 * u11) * u21) + ((double) s2 * u12) * u22;
      }
      long k0 = (long) ((r * d10) * d20);
      s0 += k0;
      r = r - ((double) k0 * u10) * u20;
      long k1 = (long) ((r * d11) * d21);
      s1 += k1;
      r = r - ((double) k1 * u11) * u21;
      s2 += (long) ((r * d12) * d22);
      if (inclusive) {
        out[i] =
            (((double) s0 * u10) * u20 + ((double) s1 * u11) * u21) + ((double) s2 * u12) * u22;
      }
    }
  }
}
