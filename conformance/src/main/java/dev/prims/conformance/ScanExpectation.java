package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.lang.reflect.Array;

/** What a scan result must be: the checks shared by the scan conformance classes. */
final class ScanExpectation {
  private ScanExpectation() {}

  /**
   * Asserts {@code actual} is the scan of {@code data}: exact for integers and MIN/MAX, floating
   * sums within the bound of a backend whose longest sequential chain is {@code chain}, products
   * within their bound.
   */
  static void expect(
      DType type,
      ReduceOp op,
      ScanKind scanKind,
      Object data,
      Object actual,
      long chain,
      String what) {
    int n = Array.getLength(data);
    if (actual == null || actual.getClass() != data.getClass()) {
      fail(what + ": result is " + (actual == null ? "null" : actual.getClass().getSimpleName()));
    }
    assertEquals(n, Array.getLength(actual), what + ": result length");
    boolean inclusive = scanKind == ScanKind.INCLUSIVE;
    if (!type.isFloating() || op == ReduceOp.MIN || op == ReduceOp.MAX) {
      Object expected = Reference.scan(data, op, inclusive);
      Checks.assertSameBits(expected, actual, what);
    } else if (op == ReduceOp.SUM) {
      long k = chain + Checks.ceilLog2(n);
      String error = Checks.prefixSumError(type, data, actual, inclusive, k);
      if (error != null) {
        fail(what + " at " + error);
      }
    } else {
      double product = 1;
      for (int i = 0; i < n; i++) {
        if (inclusive) {
          product *= Reference.element(data, i);
        }
        String error = Checks.productError(type, Reference.element(actual, i), product, n);
        if (error != null) {
          fail(what + " at " + i + ": " + error);
        }
        if (!inclusive) {
          product *= Reference.element(data, i);
        }
      }
    }
  }
}
