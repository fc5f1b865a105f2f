package dev.prims.spark;

import dev.prims.DType;
import dev.prims.spi.FoldSums;
import java.io.Serializable;

/**
 * The exact state of a reproducible sum or dot as it crosses the wire: the integer fold sums of
 * {@link FoldSums} (never a rounded double), which merge exactly in any order and grouping, so the
 * final value has the same bits for any partitioning, executor count or backend. Parts holding a
 * NaN or an infinity carry their IEEE sum instead ({@code special}); the whole is then that special
 * value, as on one machine.
 */
final class FoldState implements Serializable {
  private static final long serialVersionUID = 1L;

  private final DType type;
  private final boolean zero;
  private final boolean nonFinite;
  private final int topGrid;
  private final long[] sums;
  private final double special;

  private FoldState(
      DType type, boolean zero, boolean nonFinite, int topGrid, long[] sums, double special) {
    this.type = type;
    this.zero = zero;
    this.nonFinite = nonFinite;
    this.topGrid = topGrid;
    this.sums = sums;
    this.special = special;
  }

  /** The state of no values. */
  static FoldState zero(DType type) {
    return new FoldState(type, true, false, 0, null, 0);
  }

  /**
   * The state of {@code sums} of {@code type}; {@code special} is the part's IEEE sum when {@code
   * sums} is non-finite (ignored otherwise).
   */
  static FoldState of(DType type, FoldSums sums, double special) {
    if (sums.isNonFinite()) {
      return new FoldState(type, false, true, 0, null, special);
    }
    if (sums.isZero()) {
      return zero(type);
    }
    return new FoldState(type, false, false, sums.topGrid(), sums.sums(), 0);
  }

  /** The fold sums this state carries. */
  FoldSums sums() {
    if (nonFinite) {
      return FoldSums.nonFinite(type);
    }
    return zero ? FoldSums.zero(type) : FoldSums.of(type, topGrid, sums);
  }

  boolean isNonFinite() {
    return nonFinite;
  }

  /** Both parts together, exactly. */
  FoldState plus(FoldState other) {
    if (nonFinite && other.nonFinite) {
      return new FoldState(type, false, true, 0, null, special + other.special);
    }
    if (nonFinite || other.nonFinite) {
      return nonFinite ? this : other;
    }
    return of(type, sums().plus(other.sums()), 0);
  }

  /** The reproducible value, boxed as the type: the special value for non-finite input. */
  Number finish() {
    if (nonFinite) {
      return type == DType.FLOAT ? (Number) (float) special : (Number) special;
    }
    return sums().finish();
  }
}
