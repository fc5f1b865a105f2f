package dev.prims.spi;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Exact fold sums of part of an input at the top grid of that part's own largest magnitude (see
 * {@link FoldPlan}): what a one-pass reproducible sum computes per block. Blocks merge with {@link
 * #plus} in any order and grouping into the sums of the whole input; {@link #finish} gives the
 * reproducible result. Two special states: {@link #zero} (every value is zero, no top grid) and
 * {@link #nonFinite} (a NaN or an infinity was seen; the caller takes the IEEE path instead).
 */
public final class FoldSums {
  private static final BigInteger LOW_64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  private final DType type;
  private final boolean nonFinite;
  private final int topGrid;
  private final long[] sums;

  private FoldSums(DType type, boolean nonFinite, int topGrid, long[] sums) {
    this.type = type;
    this.nonFinite = nonFinite;
    this.topGrid = topGrid;
    this.sums = sums;
  }

  /** Sums of a part whose values are all zero (or which is empty). */
  public static FoldSums zero(DType type) {
    return new FoldSums(type, false, Integer.MIN_VALUE, new long[FoldPlan.foldsFor(type)]);
  }

  /** A part holding a NaN or an infinity. */
  public static FoldSums nonFinite(DType type) {
    return new FoldSums(type, true, Integer.MIN_VALUE, new long[FoldPlan.foldsFor(type)]);
  }

  /**
   * Fold sums {@code sums[f]} in units of {@code 2^(topGrid - WIDTH * f)}, where {@code topGrid} is
   * {@link FoldPlan#topGridFor} of the part's largest magnitude.
   */
  public static FoldSums of(DType type, int topGrid, long[] sums) {
    if (sums.length != FoldPlan.foldsFor(type)) {
      throw new IllegalArgumentException(
          type.id() + " needs " + FoldPlan.foldsFor(type) + " fold sums, got " + sums.length);
    }
    FoldPlan.forTopGrid(type, topGrid);
    return new FoldSums(type, false, topGrid, sums.clone());
  }

  /**
   * The sums whose exact total is the 128-bit two's complement integer {@code hi * 2^64 + lo} in
   * units of the last fold's grid (that is, {@code sum of trunc(x / 2^low)}), in canonical form
   * ({@link FoldPlan#normalize}): what kernels that accumulate one wide integer per block return.
   */
  public static FoldSums ofTotal(DType type, int topGrid, long lo, long hi) {
    BigInteger total = BigInteger.valueOf(hi).shiftLeft(64).or(BigInteger.valueOf(lo).and(LOW_64));
    int folds = FoldPlan.foldsFor(type);
    long[] sums = new long[folds];
    for (int f = folds - 1; f > 0; f--) {
      sums[f] = total.longValue() & ((1L << FoldPlan.WIDTH) - 1);
      total = total.shiftRight(FoldPlan.WIDTH);
    }
    sums[0] = total.longValueExact();
    return of(type, topGrid, sums);
  }

  /** Whether every value was zero. */
  public boolean isZero() {
    return !nonFinite && topGrid == Integer.MIN_VALUE;
  }

  /** Whether a NaN or an infinity was seen. */
  public boolean isNonFinite() {
    return nonFinite;
  }

  /** The top grid (meaningless for {@link #isZero} and {@link #isNonFinite} sums). */
  public int topGrid() {
    return topGrid;
  }

  /** A copy of the fold sums. */
  public long[] sums() {
    return sums.clone();
  }

  /**
   * The sums of both parts together, on the higher top grid: the lower part's folds move down by
   * the grid difference and those that fall below the lowest fold are dropped, exactly as a plan
   * for the whole would have truncated them.
   */
  public FoldSums plus(FoldSums other) {
    if (other.type != type) {
      throw new IllegalArgumentException("cannot merge " + type.id() + " and " + other.type.id());
    }
    if (nonFinite || other.nonFinite) {
      return nonFinite ? this : other;
    }
    if (other.isZero()) {
      return this;
    }
    if (isZero()) {
      return other;
    }
    int top = Math.max(topGrid, other.topGrid);
    long[] merged = new long[sums.length];
    addShifted(merged, top);
    other.addShifted(merged, top);
    return new FoldSums(type, false, top, merged);
  }

  private void addShifted(long[] target, int top) {
    int shift = (top - topGrid) / FoldPlan.WIDTH;
    for (int f = 0; f + shift < target.length; f++) {
      target[f + shift] += sums[f];
    }
  }

  /**
   * The reproducible sum, boxed as the type: +0.0 for {@link #isZero}.
   *
   * @throws IllegalStateException for {@link #isNonFinite} sums
   */
  public Number finish() {
    if (nonFinite) {
      throw new IllegalStateException("non-finite input has no fold sum");
    }
    if (isZero()) {
      return ReduceOp.SUM.identity(type);
    }
    return FoldPlan.forTopGrid(type, topGrid).finish(sums);
  }

  @Override
  public String toString() {
    if (nonFinite) {
      return "FoldSums[" + type.id() + ", non-finite]";
    }
    return "FoldSums["
        + type.id()
        + (isZero() ? ", zero" : ", top 2^" + topGrid + ", " + Arrays.toString(sums))
        + "]";
  }
}
