package dev.prims.aparapi;

import dev.prims.spi.FoldPlan;

/** What the reproducible-mode driver needs of a typed fold kernel. */
interface FoldKernel {
  /** Fold sums of the elements, one set per group. */
  int MODE_SUM = 0;

  /** Fold sums of the products {@code input[i] * other[i]}, one set per group. */
  int MODE_DOT = 1;

  /** Fold sums of each group's chunk (first run of a scan). */
  int MODE_SCAN_REDUCE = 2;

  /** Scan of each chunk from its offsets (second run of a scan). */
  int MODE_SCAN = 3;

  /**
   * Fold sums of the squares {@code input[i] * input[i]}: a dot of a buffer with itself, which must
   * not bind one array to two fields (Aparapi copies a changed array to the first field only).
   */
  int MODE_SQUARES = 4;

  /** The most folds a plan has (double plans). */
  int MAX_FOLDS = 4;

  /** Bits per fold, as {@link FoldPlan#WIDTH}. */
  int WIDTH = FoldPlan.WIDTH;

  /** The low {@link #WIDTH} bits a fold keeps in canonical form. */
  long DIGIT_MASK = (1L << WIDTH) - 1;

  /**
   * Sets the arrays (unused ones may be null), the length, the number of folds and the plan's
   * factors: down1, down2, up1, up2, {@link #MAX_FOLDS} entries each.
   */
  void bind(Object input, Object other, Object output, int n, int folds, double[] scale);

  /** The factors array the kernel reads (to copy to the device after {@link #bind}). */
  double[] scale();

  /**
   * Selects the mode, the contiguous span per work-item (0: grid-strided) for sum and dot, the
   * chunk per group and the kind of scan.
   */
  void mode(int mode, int span, int chunk, boolean exclusive);

  /** {@link #MAX_FOLDS} fold sums per group, grown to {@code groups} groups. */
  long[] partials(int groups);

  /** {@link #MAX_FOLDS} fold offsets per group, read by {@link #MODE_SCAN}. */
  long[] offsets();
}
