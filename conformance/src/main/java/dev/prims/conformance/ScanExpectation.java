package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.lang.reflect.Array;
import java.util.Arrays;

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
      expectSameBits(expected, actual, what);
    } else if (op == ReduceOp.SUM) {
      long k = chain + Checks.ceilLog2(n);
      ExactSum prefix = new ExactSum();
      for (int i = 0; i < n; i++) {
        if (inclusive) {
          prefix.add(Reference.element(data, i));
        }
        String error = Checks.sumError(type, Reference.element(actual, i), prefix, k);
        if (error != null) {
          fail(what + " at " + i + ": " + error);
        }
        if (!inclusive) {
          prefix.add(Reference.element(data, i));
        }
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

  /** Asserts {@code actual} has the bits of {@code expected}, naming the first difference. */
  static void expectSameBits(Object expected, Object actual, String what) {
    int at = firstDifference(expected, actual);
    if (at >= 0) {
      fail(
          what
              + ": first difference at "
              + at
              + ": expected "
              + Array.get(expected, at)
              + " but was "
              + Array.get(actual, at));
    }
  }

  /** Index of the first element whose value (bits, for floating types) differs, or -1. */
  static int firstDifference(Object expected, Object actual) {
    int n = Array.getLength(expected);
    if (expected instanceof int[]) {
      return Arrays.mismatch((int[]) expected, (int[]) actual);
    }
    if (expected instanceof long[]) {
      return Arrays.mismatch((long[]) expected, (long[]) actual);
    }
    if (expected instanceof float[]) {
      float[] e = (float[]) expected;
      float[] a = (float[]) actual;
      for (int i = 0; i < n; i++) {
        if (Float.floatToIntBits(e[i]) != Float.floatToIntBits(a[i])) {
          return i;
        }
      }
      return -1;
    }
    double[] e = (double[]) expected;
    double[] a = (double[]) actual;
    for (int i = 0; i < n; i++) {
      if (Double.doubleToLongBits(e[i]) != Double.doubleToLongBits(a[i])) {
        return i;
      }
    }
    return -1;
  }
}
