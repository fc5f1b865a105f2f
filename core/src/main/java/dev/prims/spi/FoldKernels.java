package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ScanKind;
import java.util.Optional;

/**
 * The device side of reproducible mode: integer fold accumulation as {@link FoldPlan} defines it.
 * The engine finds the largest magnitude with the backend's MIN/MAX reductions, makes the plan,
 * calls these, and finishes the result, so the answer is bitwise identical on every backend.
 */
public interface FoldKernels {
  /**
   * One-pass reproducible sum where the backend has it: the exact fold sums of every element of a
   * non-empty floating {@code input}, each block folded at its own top grid and the blocks merged
   * with {@link FoldSums#plus}, so that no separate pass for the largest magnitude is needed. Empty
   * where the backend only has the two-pass form ({@link #foldSum}); the engine then finds the
   * largest magnitude first.
   */
  default Optional<FoldSums> foldSumOnePass(DeviceBuffer input) {
    return Optional.empty();
  }

  /** The {@code plan.folds()} exact sums of the folds of every element of {@code input}. */
  long[] foldSum(DeviceBuffer input, FoldPlan plan);

  /** The fold sums of the products {@code a[i] * b[i]} (see {@link FoldPlan} for the product). */
  long[] foldDot(DeviceBuffer a, DeviceBuffer b, FoldPlan plan);

  /**
   * Writes to {@code output[i]} the {@link FoldPlan#combine} of the fold sums of {@code
   * input[0..i]} (inclusive) or {@code input[0..i-1]} (exclusive, 0 for i = 0), rounded to the
   * plan's type.
   */
  void foldScan(DeviceBuffer input, DeviceBuffer output, ScanKind kind, FoldPlan plan);
}
