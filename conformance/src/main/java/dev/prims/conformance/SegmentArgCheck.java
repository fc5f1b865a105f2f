package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.lang.reflect.Array;
import java.util.SplittableRandom;

/**
 * Segmented arg-min/arg-max against {@link ArgReference} segment by segment: each segment's index
 * (in the whole input) must be that of its first extreme element and its value that element's bits;
 * an empty segment gives the operator's identity and index -1. Also the data that makes ties
 * common: few distinct values, mostly signed zeros for floating types.
 */
final class SegmentArgCheck {
  private SegmentArgCheck() {}

  /**
   * Values with many ties: integers in {@code [-2, 2]}; floating values mostly {@code -0.0} and
   * {@code +0.0}, some {@code -1} and {@code 1}.
   */
  static Object ties(DType type, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Object a = Array.newInstance(type.arrayClass().getComponentType(), n);
    for (int i = 0; i < n; i++) {
      int pick = r.nextInt(20);
      switch (type) {
        case INT -> ((int[]) a)[i] = pick % 5 - 2;
        case LONG -> ((long[]) a)[i] = pick % 5 - 2;
        case FLOAT -> ((float[]) a)[i] = (float) tieValue(pick);
        default -> ((double[]) a)[i] = tieValue(pick);
      }
    }
    return a;
  }

  private static double tieValue(int pick) {
    return pick == 0 ? -1 : pick == 1 ? 1 : pick % 2 == 0 ? -0.0 : 0.0;
  }

  /** Asserts {@code values} and {@code indices} are the segmented arg-reduce by {@code offsets}. */
  static void check(
      DType type, ReduceOp op, Object values, int[] offsets, Object winners, long[] indices) {
    int segments = offsets.length - 1;
    assertEquals(segments, Array.getLength(winners), "one value per segment");
    assertEquals(segments, indices.length, "one index per segment");
    Number identity = op.identity(type);
    for (int s = 0; s < segments; s++) {
      int from = offsets[s];
      int to = offsets[s + 1];
      long expected = -1;
      Object expectedValue = identity;
      if (to > from) {
        Object segment = Array.newInstance(values.getClass().getComponentType(), to - from);
        System.arraycopy(values, from, segment, 0, to - from);
        expected = from + ArgReference.index(segment, op);
        expectedValue = Array.get(values, (int) expected);
      }
      Object actual = Array.get(winners, s);
      if (indices[s] != expected || !sameBits(expectedValue, actual)) {
        fail(
            op.id()
                + " of segment "
                + s
                + " ["
                + from
                + ", "
                + to
                + "): expected "
                + expectedValue
                + " at "
                + expected
                + " but was "
                + actual
                + " at "
                + indices[s]);
      }
    }
  }

  private static boolean sameBits(Object a, Object b) {
    if (a instanceof Float x) {
      return Float.floatToRawIntBits(x) == Float.floatToRawIntBits((Float) b);
    }
    if (a instanceof Double x) {
      return Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits((Double) b);
    }
    return a.equals(b);
  }
}
