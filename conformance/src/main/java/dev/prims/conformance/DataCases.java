package dev.prims.conformance;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * The data a primitive's check runs on, one dynamic test {@code "<kind> n=<n>"} per data kind and
 * size: every kind that suits the type (no NaN data for integers, no extreme data for a floating
 * product) at every size; for a non-default variant only the kinds of {@link
 * DataKind#VARIANT_SUBSET}, and the largest size on random data only.
 */
final class DataCases {
  /** The check of one data kind and size. */
  @FunctionalInterface
  interface Check {
    void run(DataKind kind, int n) throws Throwable;
  }

  private DataCases() {}

  /**
   * The tests of {@code check} on data of {@code type} under {@code op} (null where the primitive
   * has none) for {@code variant} (null for the default variant), over {@code sizes}.
   */
  static Stream<DynamicNode> of(
      DType type, ReduceOp op, String variant, List<Integer> sizes, Check check) {
    List<DynamicNode> tests = new ArrayList<>();
    for (DataKind kind : DataKind.values()) {
      if (!type.isFloating() && !kind.appliesToIntegers()) {
        continue;
      }
      if (type.isFloating() && op == ReduceOp.PROD && kind == DataKind.EXTREME) {
        continue;
      }
      if (variant != null && !DataKind.VARIANT_SUBSET.contains(kind)) {
        continue;
      }
      for (int n : sizes) {
        if (variant != null && n == Sizes.LARGE && kind != DataKind.RANDOM) {
          continue;
        }
        tests.add(DynamicTest.dynamicTest(kind.id() + " n=" + n, () -> check.run(kind, n)));
      }
    }
    return tests.stream();
  }
}
