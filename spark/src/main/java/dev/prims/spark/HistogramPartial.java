package dev.prims.spark;

import java.io.Serializable;

/** The histogram of some partitions: counts per bin, values out of range, nulls skipped. */
final class HistogramPartial implements Serializable {
  private static final long serialVersionUID = 1L;

  private final long[] counts;
  private final long outOfRange;
  private final long nulls;

  HistogramPartial(long[] counts, long outOfRange, long nulls) {
    this.counts = counts;
    this.outOfRange = outOfRange;
    this.nulls = nulls;
  }

  HistogramPartial plus(HistogramPartial other) {
    long[] merged = counts.clone();
    for (int i = 0; i < merged.length; i++) {
      merged[i] += other.counts[i];
    }
    return new HistogramPartial(merged, outOfRange + other.outOfRange, nulls + other.nulls);
  }

  ColumnHistogram result() {
    return new ColumnHistogram(counts, outOfRange, nulls);
  }
}
