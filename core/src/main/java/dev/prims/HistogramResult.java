package dev.prims;

import java.util.Arrays;

/**
 * Histogram counts (one {@code long} per bin), the number of values that fell outside every bin,
 * and the {@link Provenance}.
 */
public record HistogramResult(long[] counts, long outOfRange, Provenance provenance) {
  /** Total of all bin counts (excluding out-of-range values). */
  public long total() {
    return Arrays.stream(counts).sum();
  }
}
