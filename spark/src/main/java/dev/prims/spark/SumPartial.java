package dev.prims.spark;

import dev.prims.DType;
import java.io.Serializable;

/**
 * The partial sum (or dot) of some partitions: a wrapping long for integers, a double in fast mode,
 * the exact {@link FoldState} in reproducible mode; with the values and nulls counted.
 */
final class SumPartial implements Serializable {
  private static final long serialVersionUID = 1L;

  private final DType type;
  private final long count;
  private final long nulls;
  private final long integer;
  private final double floating;
  private final FoldState exact;

  private SumPartial(
      DType type, long count, long nulls, long integer, double floating, FoldState exact) {
    this.type = type;
    this.count = count;
    this.nulls = nulls;
    this.integer = integer;
    this.floating = floating;
    this.exact = exact;
  }

  /** No values, of a sum of {@code type}; exact when reproducible and floating. */
  static SumPartial empty(DType type, boolean reproducible) {
    return new SumPartial(
        type, 0, 0, 0, 0, reproducible && type.isFloating() ? FoldState.zero(type) : null);
  }

  /** A fast or integer part with value {@code value}. */
  static SumPartial of(DType type, Number value, long count, long nulls) {
    return type.isFloating()
        ? new SumPartial(type, count, nulls, 0, value.doubleValue(), null)
        : new SumPartial(type, count, nulls, value.longValue(), 0, null);
  }

  /** A reproducible part. */
  static SumPartial exact(DType type, FoldState state, long count, long nulls) {
    return new SumPartial(type, count, nulls, 0, 0, state);
  }

  SumPartial plus(SumPartial other) {
    return new SumPartial(
        type,
        count + other.count,
        nulls + other.nulls,
        integer + other.integer,
        floating + other.floating,
        exact == null ? null : exact.plus(other.exact));
  }

  ColumnResult result() {
    Number value;
    if (exact != null) {
      value = exact.finish();
    } else if (type.isFloating()) {
      value = type == DType.FLOAT ? (Number) (float) floating : (Number) floating;
    } else {
      value = integer;
    }
    return new ColumnResult(type, value, count, nulls);
  }
}
