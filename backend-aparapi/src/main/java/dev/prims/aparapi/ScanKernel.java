package dev.prims.aparapi;

/** What the scan driver needs of a typed reduce-then-scan kernel. */
interface ScanKernel {
  /** Phase writing each chunk's total to the partials. */
  int PHASE_REDUCE = 0;

  /** Phase scanning each chunk from its offset into the output. */
  int PHASE_SCAN = 1;

  /** Sets input, output, length, operator code, its identity and the kind of scan. */
  void bind(Object input, Object output, int n, int op, Number identity, boolean exclusive);

  /** Sets the chunk per group and grows the partials and offsets to {@code groups}. */
  void shape(int chunk, int groups);

  /** Selects the phase of the next run. */
  void phase(int phase);

  /** The chunk totals written by {@link #PHASE_REDUCE}. */
  Object partials();

  /** The chunk offsets read by {@link #PHASE_SCAN}. */
  Object offsets();
}
