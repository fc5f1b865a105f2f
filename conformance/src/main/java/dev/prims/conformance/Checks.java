package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import java.lang.reflect.Array;
import java.util.Arrays;

/** Assertions shared by the conformance classes: exact, bitwise and error-bound comparisons. */
public final class Checks {
  private Checks() {}

  /** Unit roundoff of a floating type: 2^-24 for float, 2^-53 for double. */
  public static double unitRoundoff(DType type) {
    return type == DType.FLOAT ? 0x1p-24 : 0x1p-53;
  }

  /** {@code ceil(log2 n)}, 0 for {@code n <= 1}. */
  public static long ceilLog2(long n) {
    return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
  }

  /**
   * Asserts {@code actual} is {@code expected} exactly: equal integers, or floating values with the
   * same bits (any NaN equals any NaN; -0.0 differs from 0.0). Also checks the boxed class.
   */
  public static void assertSameValue(DType type, Number expected, Number actual, String what) {
    if (actual == null) {
      fail(what + ": result is null");
    }
    Class<?> boxed = boxedClass(type);
    if (!boxed.isInstance(actual)) {
      fail(what + ": result is a " + actual.getClass().getSimpleName() + ", not " + boxed);
    }
    switch (type) {
      case INT:
        assertEquals(expected.intValue(), actual.intValue(), what);
        break;
      case LONG:
        assertEquals(expected.longValue(), actual.longValue(), what);
        break;
      case FLOAT:
        if (Float.floatToIntBits(expected.floatValue())
            != Float.floatToIntBits(actual.floatValue())) {
          fail(what + ": expected " + describe(expected) + " but was " + describe(actual));
        }
        break;
      default:
        if (Double.doubleToLongBits(expected.doubleValue())
            != Double.doubleToLongBits(actual.doubleValue())) {
          fail(what + ": expected " + describe(expected) + " but was " + describe(actual));
        }
    }
  }

  /**
   * Whether {@link #assertSameValue} passes for these values: {@code actual} is not null, of the
   * type's boxed class, and {@code expected} exactly (bits for floating types).
   */
  public static boolean isSameValue(DType type, Number expected, Number actual) {
    if (actual == null || !boxedClass(type).isInstance(actual)) {
      return false;
    }
    switch (type) {
      case INT:
        return expected.intValue() == actual.intValue();
      case LONG:
        return expected.longValue() == actual.longValue();
      case FLOAT:
        return Float.floatToIntBits(expected.floatValue())
            == Float.floatToIntBits(actual.floatValue());
      default:
        return Double.doubleToLongBits(expected.doubleValue())
            == Double.doubleToLongBits(actual.doubleValue());
    }
  }

  /**
   * Asserts a floating sum or dot lies within {@code k * u * sum|x_i|} of the accurate value; see
   * {@link #sumError}.
   */
  public static void assertSum(DType type, double actual, ExactSum ref, long k, String what) {
    String error = sumError(type, actual, ref, k);
    if (error != null) {
      fail(what + ": " + error);
    }
  }

  /**
   * Why {@code actual} is not an acceptable floating sum or dot, or null when it is: it must lie
   * within {@code k * u * sum|x_i|} of the accurate value (plus the reference's own error and one
   * subnormal step per term). When infinities or NaNs are in the input the result must be the one
   * value every order gives; when {@code sum|x_i|} exceeds the type's range (so some orders
   * overflow) an infinite or NaN result is accepted as well.
   */
  public static String sumError(DType type, double actual, ExactSum ref, long k) {
    if (ref.isNaN()) {
      return Double.isNaN(actual) ? null : "expected NaN but was " + actual;
    }
    double max = type == DType.FLOAT ? Float.MAX_VALUE : Double.MAX_VALUE;
    // sum|x| is itself rounded: at the largest finite value the true one may lie beyond it, and an
    // exact sum that rounds to infinity is an overflow any order of additions may reach
    boolean mayOverflow = !(ref.sumAbs() < max) || Double.isInfinite(ref.value());
    if (ref.infinitySign() != 0) {
      double inf = ref.infinitySign() * Double.POSITIVE_INFINITY;
      if (actual == inf || (mayOverflow && Double.isNaN(actual))) {
        return null;
      }
      return "expected " + inf + " but was " + actual;
    }
    double u = unitRoundoff(type);
    double exact = ref.value();
    double tiny = type == DType.FLOAT ? Float.MIN_VALUE : Double.MIN_VALUE;
    double referenceError = 2 * 0x1p-53 * Math.abs(exact) + ref.count() * 0x1p-100 * ref.sumAbs();
    double tolerance = k * u * ref.sumAbs() + referenceError + ref.count() * tiny;
    if (Double.isFinite(actual) && Math.abs(actual - exact) <= tolerance) {
      return null;
    }
    if (mayOverflow && !Double.isFinite(actual)) {
      return null;
    }
    return actual
        + " is not within "
        + tolerance
        + " of "
        + exact
        + " (bound "
        + k
        + " * u * sum|x| with sum|x| = "
        + ref.sumAbs()
        + ")";
  }

  /**
   * Why {@code actual} is not an acceptable floating prefix sum of {@code data} (inclusive: each
   * element sums the values up to itself; exclusive: those before it), or null when it is: every
   * element must pass {@link #sumError} with bound {@code k}. The answer names the first element
   * that does not, as {@code "INDEX: WHY"}.
   */
  public static String prefixSumError(
      DType type, Object data, Object actual, boolean inclusive, long k) {
    int n = Array.getLength(data);
    ExactSum prefix = new ExactSum();
    for (int i = 0; i < n; i++) {
      if (inclusive) {
        prefix.add(Reference.element(data, i));
      }
      String error = sumError(type, Reference.element(actual, i), prefix, k);
      if (error != null) {
        return i + ": " + error;
      }
      if (!inclusive) {
        prefix.add(Reference.element(data, i));
      }
    }
    return null;
  }

  /**
   * Asserts a floating product of {@code n} near-one factors is within {@code 2 (n + 1) u} relative
   * of {@code reference} (a product computed in double); NaN and infinities must match exactly.
   */
  public static void assertProduct(
      DType type, double actual, double reference, long n, String what) {
    String error = productError(type, actual, reference, n);
    if (error != null) {
      fail(what + ": " + error);
    }
  }

  /** Why {@code actual} is not an acceptable product (see {@link #assertProduct}), or null. */
  public static String productError(DType type, double actual, double reference, long n) {
    if (Double.isNaN(reference) || Double.isInfinite(reference)) {
      return Double.compare(reference, actual) == 0
          ? null
          : "expected " + reference + " but was " + actual;
    }
    double tolerance = 2 * (n + 1) * unitRoundoff(type) * Math.abs(reference);
    if (Math.abs(actual - reference) <= tolerance) {
      return null;
    }
    return "product "
        + actual
        + " is not within "
        + tolerance
        + " of "
        + reference
        + " (2 (n + 1) u relative)";
  }

  /** Asserts {@code actual} has the bits of {@code expected}, naming the first difference. */
  public static void assertSameBits(Object expected, Object actual, String what) {
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

  /**
   * Index of the first element whose value (bits, for floating types: any NaN equals any NaN, -0.0
   * differs from 0.0) differs, or -1; the length of the shorter array when it is a prefix of the
   * other.
   */
  public static int firstDifference(Object expected, Object actual) {
    if (expected instanceof int[] e) {
      return Arrays.mismatch(e, (int[]) actual);
    }
    if (expected instanceof long[] e) {
      return Arrays.mismatch(e, (long[]) actual);
    }
    if (expected instanceof float[] e) {
      return Arrays.mismatch(e, (float[]) actual);
    }
    return Arrays.mismatch((double[]) expected, (double[]) actual);
  }

  private static Class<?> boxedClass(DType type) {
    switch (type) {
      case INT:
        return Integer.class;
      case LONG:
        return Long.class;
      case FLOAT:
        return Float.class;
      default:
        return Double.class;
    }
  }

  private static String describe(Number v) {
    if (v instanceof Float) {
      return v + " (bits 0x" + Integer.toHexString(Float.floatToRawIntBits(v.floatValue())) + ")";
    }
    if (v instanceof Double) {
      return v + " (bits 0x" + Long.toHexString(Double.doubleToRawLongBits(v.doubleValue())) + ")";
    }
    return String.valueOf(v);
  }
}
