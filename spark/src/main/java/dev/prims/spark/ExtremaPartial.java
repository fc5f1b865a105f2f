package dev.prims.spark;

import dev.prims.DType;
import java.io.Serializable;

/**
 * The minimum and maximum of some partitions, NaN-propagating as {@link Math#min}, with the values
 * and nulls counted; min and max are null while no value was seen.
 */
final class ExtremaPartial implements Serializable {
  private static final long serialVersionUID = 1L;

  private final DType type;
  private final Number min;
  private final Number max;
  private final long count;
  private final long nulls;

  ExtremaPartial(DType type, Number min, Number max, long count, long nulls) {
    this.type = type;
    this.min = min;
    this.max = max;
    this.count = count;
    this.nulls = nulls;
  }

  static ExtremaPartial empty(DType type) {
    return new ExtremaPartial(type, null, null, 0, 0);
  }

  ExtremaPartial plus(ExtremaPartial other) {
    return new ExtremaPartial(
        type,
        pick(min, other.min, true),
        pick(max, other.max, false),
        count + other.count,
        nulls + other.nulls);
  }

  private Number pick(Number a, Number b, boolean smaller) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    if (type.isFloating()) {
      double v =
          smaller
              ? Math.min(a.doubleValue(), b.doubleValue())
              : Math.max(a.doubleValue(), b.doubleValue());
      return type == DType.FLOAT ? (Number) (float) v : (Number) v;
    }
    long v =
        smaller ? Math.min(a.longValue(), b.longValue()) : Math.max(a.longValue(), b.longValue());
    return type == DType.INT ? (Number) (int) v : (Number) v;
  }

  Number min() {
    return min;
  }

  Number max() {
    return max;
  }

  /**
   * The largest magnitude, max(|min|, |max|), as reproducible mode plans with it: NaN when a NaN
   * was seen or both infinities were, infinite when one infinity was, 0 for no values.
   */
  double maxAbs() {
    if (min == null) {
      return 0;
    }
    double lo = min.doubleValue();
    double hi = max.doubleValue();
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return Double.NaN;
    }
    if (Double.isInfinite(lo) && Double.isInfinite(hi) && lo != hi) {
      return Double.NaN;
    }
    return Math.max(Math.abs(lo), Math.abs(hi));
  }

  ColumnResult result(boolean minimum) {
    return new ColumnResult(type, minimum ? min : max, count, nulls);
  }
}
