package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;

/** A float chunk's reproducible sum, by definition and by {@link FloatFoldTotals}, to compare. */
final class FloatChunkSums {
  private FloatChunkSums() {}

  /** FoldPlan's per-element definition of the reproducible sum of {@code a} (NaN if non-finite). */
  static Number expected(float[] a) {
    double max = 0;
    for (float x : a) {
      max = Math.max(max, Math.abs((double) x));
    }
    if (!(max <= Float.MAX_VALUE)) {
      return Float.NaN;
    }
    if (max == 0) {
      return 0.0f;
    }
    FoldPlan plan = FoldPlan.forMaxAbs(DType.FLOAT, max);
    long[] sums = new long[plan.folds()];
    for (float x : a) {
      plan.accumulate(x, sums);
    }
    return plan.finish(sums);
  }

  /**
   * The one-pass chunk total of {@link FloatFoldTotals#foldChunk}, finished like the definition.
   */
  static Number folded(float[] a) {
    long[] total = new long[2];
    int top = FloatFoldTotals.foldChunk(a, 0, a.length, total);
    if (top == FloatFoldTotals.NON_FINITE) {
      return Float.NaN;
    }
    if (top == FloatFoldTotals.ZERO) {
      return 0.0f;
    }
    return FoldSums.ofTotal(DType.FLOAT, top, total[0], total[1]).finish();
  }
}
