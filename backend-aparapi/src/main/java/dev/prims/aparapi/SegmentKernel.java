package dev.prims.aparapi;

/** What the segmented driver needs of a typed segment kernel (generated SegmentKernel.java). */
interface SegmentKernel {
  /** Reduce: whole segments written, heads and tails kept. */
  int PHASE_REDUCE = 0;

  /** Scan, first pass: heads and tails only. */
  int PHASE_TOTALS = 1;

  /** Scan, second pass: every chunk scanned from its carry. */
  int PHASE_SCAN = 2;

  /** The three phases again on exact fold sums (reproducible mode, floating types). */
  int PHASE_FOLD_REDUCE = 3;

  /** See {@link #PHASE_FOLD_REDUCE}. */
  int PHASE_FOLD_TOTALS = 4;

  /** See {@link #PHASE_FOLD_REDUCE}. */
  int PHASE_FOLD_SCAN = 5;

  /** Fold sums per partial (the most any plan has); their bits as {@link FoldKernel}'s. */
  int FOLDS = FoldKernel.MAX_FOLDS;

  /** Sets values, output, offsets, length, segment count, operator code and its identity. */
  void bind(
      Object values, Object out, long[] offsets, int n, int segments, int op, Number identity);

  /** Sets the chunk length and count, growing the per-chunk arrays. */
  void shape(int chunk, int chunks);

  /** Selects the phase of the next run and the kind of scan. */
  void phase(int phase, boolean exclusive);

  /** Sets the fold plan's fold count and factors ({@code scale[FOLDS * j + f]}). */
  void plan(int folds, double[] scale);

  Object heads();

  Object tails();

  Object carries();

  long[] foldHeads();

  long[] foldTails();

  long[] foldCarries();

  int[] headSegments();

  int[] tailSegments();

  double[] scale();
}
