package dev.prims.spi;

import dev.prims.DType;

/**
 * The arithmetic of reproducible floating sums, dots and scans: every element is split into {@link
 * #folds()} integers ("digits") on fixed power-of-two grids, and those integers are summed exactly
 * in 64-bit. Integer sums do not depend on order, so every backend, device, thread count and launch
 * shape gets the same sums; the one {@link #combine} formula then gives bitwise-identical results.
 *
 * <p>Grids are aligned: fold {@code f} counts units of {@code 2^(top - WIDTH * f)}, where the top
 * grid {@code top} is a multiple of {@link #WIDTH} chosen from the largest magnitude {@code M} of
 * the input by {@link #topGridFor}. Because the grids are the same for every subset of the input, a
 * block of the input can be folded at the top grid of its own largest magnitude and the blocks'
 * sums merged afterwards ({@link FoldSums#plus}), giving exactly the sums of one global plan: a
 * one-pass reproducible sum.
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
 * The result is {@link #combine} of the sums, which first carries them into one canonical form, so
 * it depends only on the exact total {@code T = sum over elements of trunc(x / 2^low)}, with {@code
 * low} the grid of the last fold; kernels may accumulate that total in any exact form.
 * Equivalently, fold {@code f}'s integer is {@code sign(x) * (floor(|x| / 2^grid(f)) mod 2^WIDTH)}.
 * For dot, {@code r} is the product: {@code (double) a * (double) b} for float inputs (exact),
 * {@code a * b} for double inputs. Two factors per scaling keep every power of two representable.
 * With {@code |k| < 2^30}, sums of up to {@link #MAX_LENGTH} elements cannot overflow. Float plans
 * keep 3 folds and double plans 4, so at least 60 (float) or 90 (double) bits below the leading bit
 * of {@code M} count.
 */
public final class FoldPlan {
  /** Bits per fold. */
  public static final int WIDTH = 30;

  /** Longest input a plan can sum without overflow (2^33 elements). */
  public static final long MAX_LENGTH = 1L << 33;

  private static final long DIGIT_MASK = (1L << WIDTH) - 1;

  private final DType type;
  private final int topGrid;
  private final int folds;
  private final double[] down1;
  private final double[] down2;
  private final double[] up1;
  private final double[] up2;

  private FoldPlan(DType type, int topGrid) {
    this.type = type;
    this.topGrid = topGrid;
    this.folds = foldsFor(type);
    down1 = new double[folds];
    down2 = new double[folds];
    up1 = new double[folds];
    up2 = new double[folds];
    for (int f = 0; f < folds; f++) {
      int grid = topGrid - WIDTH * f;
      int half = -grid / 2;
      down1[f] = Math.scalb(1.0, half);
      down2[f] = Math.scalb(1.0, -grid - half);
      up1[f] = Math.scalb(1.0, -half);
      up2[f] = Math.scalb(1.0, grid + half);
    }
  }

  /** Number of folds of a floating type's plans: 3 for float, 4 for double. */
  public static int foldsFor(DType type) {
    if (!type.isFloating()) {
      throw new IllegalArgumentException("fold plans are for float and double, not " + type.id());
    }
    return type == DType.FLOAT ? 3 : 4;
  }

  /**
   * The top grid for values whose largest magnitude is {@code maxAbs} (finite, positive): {@code
   * WIDTH * floorDiv(e, WIDTH)} with {@code e = Math.getExponent(maxAbs)}, so every value is below
   * {@code 2^(top + WIDTH)}. It only grows with {@code maxAbs}, so the top grid of a whole input is
   * the largest of its blocks' top grids.
   */
  public static int topGridFor(double maxAbs) {
    if (!(maxAbs > 0) || !Double.isFinite(maxAbs)) {
      throw new IllegalArgumentException("maxAbs must be finite and positive, got " + maxAbs);
    }
    int exponent = Math.max(Math.getExponent(maxAbs), Double.MIN_EXPONENT - 52);
    return WIDTH * Math.floorDiv(exponent, WIDTH);
  }

  /**
   * The plan for values of {@code type} (float or double) whose largest magnitude is {@code maxAbs}
   * (finite, positive).
   */
  public static FoldPlan forMaxAbs(DType type, double maxAbs) {
    foldsFor(type);
    return new FoldPlan(type, topGridFor(maxAbs));
  }

  /**
   * The plan with top grid {@code topGrid}, a multiple of {@link #WIDTH} from {@link #topGridFor}.
   */
  public static FoldPlan forTopGrid(DType type, int topGrid) {
    foldsFor(type);
    if (topGrid % WIDTH != 0 || topGrid < -1080 || topGrid > 1020) {
      throw new IllegalArgumentException("not a top grid: " + topGrid);
    }
    return new FoldPlan(type, topGrid);
  }

  /** The element type of the results. */
  public DType type() {
    return type;
  }

  /** The exponent of fold 0's unit: a multiple of {@link #WIDTH}. */
  public int topGrid() {
    return topGrid;
  }

  /** Number of folds: 3 for float, 4 for double. */
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
   * Carries fold sums into their one canonical form, in place: from the last fold up, each fold
   * keeps {@code sums[f] & (2^WIDTH - 1)} and passes {@code sums[f] >> WIDTH} (arithmetic) to the
   * fold above. The canonical form depends only on the exact total {@code sum(sums[f] * 2^(WIDTH *
   * (folds - 1 - f)))}, so kernels may accumulate that total in any exact form (for example one
   * wide integer) instead of per fold.
   */
  public static void normalize(long[] sums) {
    for (int f = sums.length - 1; f > 0; f--) {
      long carry = sums[f] >> WIDTH;
      sums[f] &= DIGIT_MASK;
      sums[f - 1] += carry;
    }
  }

  /**
   * The value of fold sums as a double: the sums are {@link #normalize}d (on a copy), then {@code
   * ((double) s0 * up1[0]) * up2[0]}, then each next fold's value added in order. Scan kernels
   * evaluate exactly this per element; float results round this double to float.
   */
  public double combine(long[] sums) {
    long[] s = sums.clone();
    normalize(s);
    double v = ((double) s[0] * up1[0]) * up2[0];
    for (int f = 1; f < folds; f++) {
      v = v + ((double) s[f] * up1[f]) * up2[f];
    }
    return v;
  }

  /** {@link #combine} boxed as the plan's type ({@code Float} or {@code Double}). */
  public Number finish(long[] sums) {
    double v = combine(sums);
    return type == DType.FLOAT ? (Number) (float) v : (Number) v;
  }
}
