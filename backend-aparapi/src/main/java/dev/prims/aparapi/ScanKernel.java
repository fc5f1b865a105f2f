package dev.prims.aparapi;

/**
 * What the scan driver needs of a typed reduce-then-scan kernel. A call is one Aparapi run of
 * {@link #PASSES} passes told apart by the pass id, so that the chunk totals live on the device
 * only within that run (see {@link HistogramKernel} for why nothing may outlive it).
 */
interface ScanKernel {
  /** Pass writing each chunk's total to the partials. */
  int PASS_REDUCE = 0;

  /**
   * Pass scanning each chunk into the output from its offset, the totals of the chunks before it.
   */
  int PASS_SCAN = 1;

  /**
   * Passes of one run. Two at most: Aparapi 3.0.2 records OpenCL profiling events for the first and
   * the last pass only, and fails to report a run of more.
   */
  int PASSES = 2;

  /** Sets input, output, length, operator code, its identity and the kind of scan. */
  void bind(Object input, Object output, int n, int op, Number identity, boolean exclusive);

  /** Sets the chunk per group and the groups, growing the partials to them. */
  void shape(int chunk, int groups);
}
