package dev.prims.spark;

import dev.prims.DType;
import java.io.Serializable;

/**
 * A reduction of a numeric column: the value, its type, how many non-null values went in and how
 * many nulls were skipped.
 */
public final class ColumnResult implements Serializable {
  private static final long serialVersionUID = 1L;

  private final DType type;
  private final Number value;
  private final long count;
  private final long nulls;

  ColumnResult(DType type, Number value, long count, long nulls) {
    this.type = type;
    this.value = value;
    this.count = count;
    this.nulls = nulls;
  }

  /** The value's type: long for sums and dots of int columns, else the column's. */
  public DType type() {
    return type;
  }

  /** The value, boxed as {@link #type}; null for the min or max of no values. */
  public Number value() {
    return value;
  }

  /** The value as a double. */
  public double asDouble() {
    return requireValue().doubleValue();
  }

  /** The value as a long (integer results only). */
  public long asLong() {
    if (type.isFloating()) {
      throw new IllegalStateException("a " + type.id() + " result is not a long");
    }
    return requireValue().longValue();
  }

  private Number requireValue() {
    if (value == null) {
      throw new IllegalStateException("no values: the column is empty or all null");
    }
    return value;
  }

  /** Number of non-null values (for a dot: rows where neither column is null). */
  public long count() {
    return count;
  }

  /** Number of rows skipped for a null. */
  public long nulls() {
    return nulls;
  }

  @Override
  public String toString() {
    return value + " (" + type.id() + ", " + count + " values, " + nulls + " nulls)";
  }
}
