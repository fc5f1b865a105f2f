package dev.prims.aparapi;

import dev.prims.HistogramSpec;

/** What the histogram driver needs of a typed histogram kernel. */
interface HistogramKernel {
  /** Each group clears and counts into its own row. */
  int PHASE_GROUP_COUNT = 0;

  /** Every group counts into one shared row. */
  int PHASE_GLOBAL_COUNT = 1;

  /** Zero the shared row. */
  int PHASE_CLEAR = 2;

  /** Sum the rows into long counts. */
  int PHASE_MERGE = 3;

  /** Sets the input, its length, the spec and the long counts array to fill. */
  void bind(Object input, int n, HistogramSpec spec, Object counts);

  /**
   * Elements per work-item in a contiguous span (CPU devices), or 0 for a grid-strided slice (GPUs,
   * whose neighbouring work-items then read neighbouring elements).
   */
  void span(int span);

  /** Grows the rows to {@code rowsLength} ints and the out-of-range counts to {@code groups}. */
  void shape(int groups, int rowsLength);

  /** Selects the phase of the next run and how many rows the merge sums. */
  void phase(int phase, int rowCount);

  /** Per-group out-of-range counts. */
  int[] outOfRange();
}
