package dev.prims.spark;

import java.io.Serializable;

/**
 * A histogram of a numeric column: the counts per bin, the values out of range (NaN included), and
 * the nulls skipped.
 */
public final class ColumnHistogram implements Serializable {
  private static final long serialVersionUID = 1L;

  private final long[] counts;
  private final long outOfRange;
  private final long nulls;

  ColumnHistogram(long[] counts, long outOfRange, long nulls) {
    this.counts = counts.clone();
    this.outOfRange = outOfRange;
    this.nulls = nulls;
  }

  /** A copy of the counts, one per bin. */
  public long[] counts() {
    return counts.clone();
  }

  /** Number of non-null values outside every bin. */
  public long outOfRange() {
    return outOfRange;
  }

  /** Number of null values skipped. */
  public long nulls() {
    return nulls;
  }

  /** Number of non-null values: the counts plus those out of range. */
  public long count() {
    long total = outOfRange;
    for (long c : counts) {
      total += c;
    }
    return total;
  }

  @Override
  public String toString() {
    return counts.length
        + " bins, "
        + count()
        + " values, "
        + outOfRange
        + " out of range, "
        + nulls
        + " nulls";
  }
}
