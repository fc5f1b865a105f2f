package dev.prims.spi;

import dev.prims.DType;

/**
 * The arithmetic of reproducible floating sums, dots and scans: every element is split into {@link
 * #folds()} integers on fixed power-of-two grids chosen from the largest magnitude {@code M} of the
 * input, and those integers are summed exactly in 64-bit. Integer sums do not depend on order, so
 * every backend, device, thread count and launch shape gets the same sums; the one {@link #combine}
 * formula then gives bitwise-identical results.
 *
 * <p>The per-element recipe, which kernels must follow operation for operation (all in {@code
 * double}, IEEE round-to-nearest, no fused multiply-add, no flush-to-zero):
 *
 * <pre>{@code
 * double r = x;                                  // float inputs widen exactly
 * for (int f = 0; f < folds; f++) {
 *   long k = (long) ((r * down1[f]) * down2[f]); // truncates toward zero; |k| < 2^WIDTH
 *   sum[f] += k;
 *   r = r - ((double) k * up1[f]) * up2[f];      // exact: the bits below fold f's grid
 * }
 * }</pre>
 *
 * For dot, {@code r} is the product: {@code (double) a * (double) b} for float inputs (exact),
 * {@code a * b} for double inputs. Fold {@code f} counts units of {@code 2^grid(f)} with {@code
 * grid(0) = exponent(M) + 1 - WIDTH} and each next grid {@code WIDTH} bits lower; two factors per
 * scaling keep every power of two representable. With {@code |k| < 2^30}, sums of up to {@link
 * #MAX_LENGTH} elements cannot overflow.
 */
public final class FoldPlan {
  /** Bits per fold. */
  public static final int WIDTH = 30;

  /** Longest input a plan can sum without overflow (2^33 elements). */
  public static final long MAX_LENGTH = 1L << 33;

  private final DType type;
  private final int folds;
  private final double[] down1;
  private final double[] down2;
  private final double[] up1;
  private final double[] up2;

  private FoldPlan(DType type, int topExponent) {
    this.type = type;
    this.folds = type == DType.FLOAT ? 2 : 3;
    down1 = new double[folds];
    down2 = new double[folds];
    up1 = new double[folds];
    up2 = new double[folds];
    for (int f = 0; f < folds; f++) {
      int grid = topExponent + 1 - WIDTH * (f + 1);
      int half = -grid / 2;
      down1[f] = Math.scalb(1.0, half);
      down2[f] = Math.scalb(1.0, -grid - half);
      up1[f] = Math.scalb(1.0, -half);
      up2[f] = Math.scalb(1.0, grid + half);
    }
  }

  /**
   * The plan for values of {@code type} (float or double) whose largest magnitude is {@code maxAbs}
   * (finite, positive).
   */
  public static FoldPlan forMaxAbs(DType type, double maxAbs) {
    if (!type.isFloating()) {
      throw new IllegalArgumentException("fold plans are for float and double, not " + type.id());
    }
    if (!(maxAbs > 0) || !Double.isFinite(maxAbs)) {
      throw new IllegalArgumentException("maxAbs must be finite and positive, got " + maxAbs);
    }
    return new FoldPlan(type, Math.max(Math.getExponent(maxAbs), Double.MIN_EXPONENT - 52));
  }

  /** The element type of the results. */
  public DType type() {
    return type;
  }

  /** Number of folds: 2 for float, 3 for double. */
  public int folds() {
    return folds;
  }

  /** First scaling factor towards fold {@code f}'s integer. */
  public double down1(int f) {
    return down1[f];
  }

  /** Second scaling factor towards fold {@code f}'s integer. */
  public double down2(int f) {
    return down2[f];
  }

  /** First scaling factor back from fold {@code f}'s integer. */
  public double up1(int f) {
    return up1[f];
  }

  /** Second scaling factor back from fold {@code f}'s integer. */
  public double up2(int f) {
    return up2[f];
  }

  /** Adds the folds of {@code r} to {@code sums} (the reference for kernels). */
  public void accumulate(double r, long[] sums) {
    for (int f = 0; f < folds; f++) {
      long k = (long) ((r * down1[f]) * down2[f]);
      sums[f] += k;
      r = r - ((double) k * up1[f]) * up2[f];
    }
  }

  /**
   * The value of fold sums as a double: {@code ((double) s0 * up1[0]) * up2[0]}, then each next
   * fold's value added in order. Scan kernels evaluate exactly this per element; float results
   * round this double to float.
   */
  public double combine(long[] sums) {
    double v = ((double) sums[0] * up1[0]) * up2[0];
    for (int f = 1; f < folds; f++) {
      v = v + ((double) sums[f] * up1[f]) * up2[f];
    }
    return v;
  }

  /** {@link #combine} boxed as the plan's type ({@code Float} or {@code Double}). */
  public Number finish(long[] sums) {
    double v = combine(sums);
    return type == DType.FLOAT ? (Number) (float) v : (Number) v;
  }
}
