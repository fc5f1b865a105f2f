package dev.prims.aparapi;

/**
 * What the scan driver needs of a typed reduce-then-scan kernel. A call is one Aparapi run of
 * {@link #PASSES} passes told apart by the pass id, so that the chunk totals and offsets live on
 * the device only within that run (see {@link HistogramKernel} for why nothing may outlive it).
 */
interface ScanKernel {
  /** Pass writing each chunk's total to the partials. */
  int PASS_REDUCE = 0;

  /** Pass in which group 0 scans the chunk totals into the offsets. */
  int PASS_TOTALS = 1;

  /** Pass scanning each chunk from its offset into the output. */
  int PASS_SCAN = 2;

  /** Passes of one run. */
  int PASSES = 3;

  /** Sets input, output, length, operator code, its identity and the kind of scan. */
  void bind(Object input, Object output, int n, int op, Number identity, boolean exclusive);

  /** Sets the chunk per group and the groups, growing the partials and offsets to them. */
  void shape(int chunk, int groups);
}
