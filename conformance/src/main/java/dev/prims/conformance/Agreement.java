package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * The results of one reproducible case on several settings and on the {@code cpu} backend, checked
 * bit for bit against the reference and against the cpu's result; a failure lists every setting
 * that differs. Results are boxed scalars or arrays of one type.
 */
final class Agreement {
  private final String what;
  private final Object expected;
  private final List<String> names = new ArrayList<>();
  private final List<Object> results = new ArrayList<>();
  private Object cpu;
  private boolean hasCpu;

  /** A case described by {@code what} whose reference result is {@code expected}. */
  Agreement(String what, Object expected) {
    this.what = what;
    this.expected = expected;
  }

  /** Records the result of one setting of the backend under test. */
  void add(String setting, Object result) {
    names.add(setting);
    results.add(result);
  }

  /** Records the {@code cpu} backend's result for the same input. */
  void cpu(Object result) {
    cpu = result;
    hasCpu = true;
  }

  /**
   * Fails, naming every disagreeing setting, unless all results and the cpu's equal the reference.
   */
  void assertAgree() {
    List<String> failures = new ArrayList<>();
    if (hasCpu) {
      String d = difference(expected, cpu);
      if (d != null) {
        failures.add("cpu backend vs reference: " + d);
      }
    }
    for (int i = 0; i < results.size(); i++) {
      String d = difference(expected, results.get(i));
      if (d != null) {
        failures.add(names.get(i) + " vs reference: " + d);
      }
      if (hasCpu) {
        String c = difference(cpu, results.get(i));
        if (c != null) {
          failures.add(names.get(i) + " vs cpu backend: " + c);
        }
      }
    }
    if (!failures.isEmpty()) {
      fail(what + ": not bitwise identical:\n  " + String.join("\n  ", failures));
    }
  }

  /** Why {@code actual} is not {@code expected} bit for bit, or null when it is. */
  static String difference(Object expected, Object actual) {
    if (actual == null) {
      return "result is null";
    }
    if (expected.getClass() != actual.getClass()) {
      return "result is a "
          + actual.getClass().getSimpleName()
          + ", not a "
          + expected.getClass().getSimpleName();
    }
    if (expected instanceof Number) {
      return bits(expected) == bits(actual)
          ? null
          : "expected " + describe(expected) + " but was " + describe(actual);
    }
    int n = Array.getLength(expected);
    if (Array.getLength(actual) != n) {
      return "length " + Array.getLength(actual) + ", expected " + n;
    }
    int at = Checks.firstDifference(expected, actual);
    return at < 0
        ? null
        : "first difference at "
            + at
            + " of "
            + n
            + ": expected "
            + describe(Array.get(expected, at))
            + " but was "
            + describe(Array.get(actual, at));
  }

  private static long bits(Object v) {
    if (v instanceof Float) {
      return Float.floatToIntBits((Float) v);
    }
    if (v instanceof Double) {
      return Double.doubleToLongBits((Double) v);
    }
    return ((Number) v).longValue();
  }

  private static String describe(Object v) {
    if (v instanceof Float) {
      return v + " (0x" + Integer.toHexString(Float.floatToRawIntBits((Float) v)) + ")";
    }
    if (v instanceof Double) {
      return v + " (0x" + Long.toHexString(Double.doubleToRawLongBits((Double) v)) + ")";
    }
    return String.valueOf(v);
  }
}
