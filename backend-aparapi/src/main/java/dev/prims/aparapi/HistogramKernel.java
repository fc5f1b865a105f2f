package dev.prims.aparapi;

import dev.prims.HistogramSpec;

/**
 * What the histogram driver needs of a typed histogram kernel. A call is one Aparapi run of several
 * passes ({@link #passes}), told apart by the pass id, so that no partial result lives only on the
 * device between two runs: between runs Aparapi unpins its arrays, and when the garbage collector
 * has moved one it rebuilds the device copy from the host array, which would lose counts that were
 * only on the device.
 */
interface HistogramKernel {
  /**
   * Pass 0: each group clears and counts into its own row in global memory; pass 1: the rows are
   * summed.
   */
  int MODE_GROUP_ROWS = 0;

  /** Pass 0: one shared row is cleared; pass 1: every group counts into it; pass 2: widened. */
  int MODE_GLOBAL_ATOMICS = 1;

  /**
   * Pass 0: each group counts into its own row in local memory and stores it as its row in global
   * memory; pass 1: the rows are summed.
   */
  int MODE_SHARED_ATOMICS = 2;

  /**
   * The passes of one run in {@code mode}. Aparapi 3.0.2 records OpenCL profiling events for the
   * first and the last pass only, so only runs of two passes have a full device time.
   */
  static int passes(int mode) {
    return mode == MODE_GLOBAL_ATOMICS ? 3 : 2;
  }

  /** Sets the input, its length, the spec and the long counts array to fill. */
  void bind(Object input, int n, HistogramSpec spec, Object counts);

  /**
   * Elements per work-item in a contiguous span (CPU devices), or 0 for a grid-strided slice (GPUs,
   * whose neighbouring work-items then read neighbouring elements).
   */
  void span(int span);

  /**
   * Sets the mode and the groups that count (the run may have more groups, which only clear and
   * merge), and grows the rows to {@code rowsLength} ints and the out-of-range counts to {@code
   * groups}.
   */
  void shape(int mode, int groups, int rowsLength);

  /** Per-group out-of-range counts, one per counting group. */
  int[] outOfRange();
}
