package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.ArgResult;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Arg-min and arg-max on every type, size and data shape, on arrays and device buffers: the index
 * must be that of the first extreme element ({@link ArgReference}) and the value that element's
 * bits. Ties placed on both sides of chunk, block and work-group edges, NaN, signed zeros, one
 * element, and the errors of empty input and other operators.
 */
public abstract class ArgReduceConformance extends BackendConformance {
  private static final ReduceOp[] OPS = {ReduceOp.MIN, ReduceOp.MAX};

  @TestFactory
  Stream<DynamicTest> everyTypeSizeAndShape() {
    List<DynamicTest> tests = new ArrayList<>();
    for (DType type : DType.values()) {
      for (DataKind kind : DataKind.values()) {
        if (!type.isFloating() && !kind.appliesToIntegers()) {
          continue;
        }
        for (int n : Sizes.all()) {
          if (n == 0) {
            continue;
          }
          for (ReduceOp op : OPS) {
            String name = type.id() + " " + kind.id() + " n=" + n + " " + op.id();
            tests.add(
                DynamicTest.dynamicTest(
                    name,
                    () -> {
                      Object data = TestData.array(type, kind, n, TestData.seed(name));
                      check(data, op, Calls.argReduce(prims(), data, op), name);
                    }));
          }
        }
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> onDeviceBuffersAndAsync() {
    List<DynamicTest> tests = new ArrayList<>();
    for (DType type : DType.values()) {
      for (int n : Sizes.bufferSubset()) {
        for (ReduceOp op : OPS) {
          String name = type.id() + " n=" + n + " " + op.id();
          tests.add(
              DynamicTest.dynamicTest(
                  name,
                  () -> {
                    Object data = TestData.array(type, DataKind.RANDOM, n, TestData.seed(name));
                    try (DeviceBuffer buffer = prims().upload(data)) {
                      check(data, op, prims().argReduce(buffer, op), name + " buffer");
                      check(data, op, prims().argReduceAsync(buffer, op).join(), name + " async");
                    }
                  }));
        }
      }
    }
    return tests.stream();
  }

  /**
   * Constant data with the extreme value at two places, so the answer is the first: the pairs
   * straddle edges of 32, 256, 1024, 4096 and 65536 elements and the ends of the input.
   */
  @TestFactory
  Stream<DynamicTest> firstOfTiesAcrossEdges() {
    int n = Sizes.LARGE;
    int[][] pairs = {
      {31, 32},
      {255, 256},
      {1023, 1024},
      {4095, 4096},
      {65535, 65536},
      {0, n - 1},
      {5, 700_001},
      {n - 2, n - 1},
      {65536, 131072},
      {131071, 1 << 20}
    };
    List<DynamicTest> tests = new ArrayList<>();
    for (DType type : DType.values()) {
      for (ReduceOp op : OPS) {
        for (int[] pair : pairs) {
          String name = type.id() + " " + op.id() + " ties at " + pair[0] + "," + pair[1];
          tests.add(
              DynamicTest.dynamicTest(
                  name,
                  () -> {
                    Object data = Array.newInstance(type.arrayClass().getComponentType(), n);
                    fill(data, 7, n);
                    set(data, pair[0], op == ReduceOp.MAX ? 9 : 5);
                    set(data, pair[1], op == ReduceOp.MAX ? 9 : 5);
                    ArgResult r = Calls.argReduce(prims(), data, op);
                    assertEquals(pair[0], r.index(), name);
                    try (DeviceBuffer buffer = prims().upload(data)) {
                      assertEquals(
                          pair[0], prims().argReduce(buffer, op).index(), name + " buffer");
                    }
                  }));
        }
      }
    }
    return tests.stream();
  }

  @Test
  void nanIsTheExtremeForBothAndTheFirstNanWins() {
    for (int n : new int[] {4, 1025, Sizes.LARGE}) {
      double[] d = new double[n];
      float[] f = new float[n];
      for (int i = 0; i < n; i++) {
        d[i] = i % 7;
        f[i] = i % 7;
      }
      int first = n / 3;
      d[first] = Double.NaN;
      d[n - 1] = Double.longBitsToDouble(0x7ff8000000000123L);
      f[first] = Float.NaN;
      f[n - 1] = Float.intBitsToFloat(0xffc00001);
      d[0] = Double.POSITIVE_INFINITY;
      f[0] = Float.NEGATIVE_INFINITY;
      for (ReduceOp op : OPS) {
        check(d, op, Calls.argReduce(prims(), d, op), "double NaN n=" + n + " " + op.id());
        check(f, op, Calls.argReduce(prims(), f, op), "float NaN n=" + n + " " + op.id());
        assertEquals(
            first, Calls.argReduce(prims(), d, op).index(), "first NaN, double " + op.id());
        assertEquals(first, Calls.argReduce(prims(), f, op).index(), "first NaN, float " + op.id());
      }
    }
  }

  @Test
  void negativeZeroRanksBelowPositiveZero() {
    for (int n : new int[] {3, 1024, Sizes.LARGE}) {
      double[] d = new double[n];
      float[] f = new float[n];
      java.util.Arrays.fill(d, -0.0);
      java.util.Arrays.fill(f, -0.0f);
      d[n - 1] = 0.0;
      f[n - 1] = 0.0f;
      assertEquals(n - 1, Calls.argReduce(prims(), d, ReduceOp.MAX).index(), "double max n=" + n);
      assertEquals(n - 1, Calls.argReduce(prims(), f, ReduceOp.MAX).index(), "float max n=" + n);
      assertEquals(0, Calls.argReduce(prims(), d, ReduceOp.MIN).index(), "double min n=" + n);
      assertEquals(0, Calls.argReduce(prims(), f, ReduceOp.MIN).index(), "float min n=" + n);
      d[0] = 0.0;
      d[n / 2] = -0.0;
      f[0] = 0.0f;
      f[n / 2] = -0.0f;
      assertEquals(0, Calls.argReduce(prims(), d, ReduceOp.MAX).index(), "double first +0 n=" + n);
      assertEquals(1, Calls.argReduce(prims(), d, ReduceOp.MIN).index(), "double first -0 n=" + n);
      check(d, ReduceOp.MIN, Calls.argReduce(prims(), d, ReduceOp.MIN), "double -0 value");
      check(f, ReduceOp.MIN, Calls.argReduce(prims(), f, ReduceOp.MIN), "float -0 value");
    }
  }

  @Test
  void oneElementIsItsOwnAnswer() {
    for (ReduceOp op : OPS) {
      assertEquals(0, prims().argReduce(new int[] {-3}, op).index());
      assertEquals(-3, prims().argReduce(new int[] {-3}, op).value().asInt());
      assertEquals(
          Long.MIN_VALUE, prims().argReduce(new long[] {Long.MIN_VALUE}, op).value().asLong());
      assertTrue(Float.isNaN(prims().argReduce(new float[] {Float.NaN}, op).value().asFloat()));
      assertEquals(0, prims().argReduce(new double[] {Double.NaN}, op).index());
    }
  }

  @Test
  void emptyInputFailsAsMinAndMaxDo() {
    for (ReduceOp op : OPS) {
      String expected =
          assertThrows(IllegalArgumentException.class, () -> prims().reduce(new float[0], op))
              .getMessage();
      assertEquals(
          expected,
          assertThrows(IllegalArgumentException.class, () -> prims().argReduce(new float[0], op))
              .getMessage());
      try (DeviceBuffer empty = prims().allocate(DType.INT, 0)) {
        assertEquals(
            assertThrows(IllegalArgumentException.class, () -> prims().reduce(empty, op))
                .getMessage(),
            assertThrows(IllegalArgumentException.class, () -> prims().argReduce(empty, op))
                .getMessage());
      }
    }
  }

  @Test
  void otherOperatorsAndNullAreRejected() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> prims().argReduce(new int[] {1}, ReduceOp.SUM));
    assertTrue(e.getMessage().contains("SUM"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> prims().argReduce(new int[] {1}, null));
    assertThrows(
        IllegalArgumentException.class, () -> prims().argReduce((int[]) null, ReduceOp.MAX));
    assertThrows(
        IllegalArgumentException.class, () -> prims().argReduce((DeviceBuffer) null, ReduceOp.MAX));
  }

  private static void check(Object data, ReduceOp op, ArgResult actual, String what) {
    int expected = ArgReference.index(data, op);
    DType type = DType.ofArray(data);
    assertEquals(expected, actual.index(), what + ": index");
    assertEquals(type, actual.type(), what + ": type");
    Checks.assertSameValue(type, (Number) Array.get(data, expected), actual.value().value(), what);
    Number value = actual.value().value();
    if (value instanceof Float f && Float.isNaN(f)) {
      assertEquals(
          Float.floatToRawIntBits((Float) Array.get(data, expected)),
          Float.floatToRawIntBits(f),
          what + ": NaN payload");
    }
  }

  private static void fill(Object data, int value, int n) {
    for (int i = 0; i < n; i++) {
      set(data, i, value);
    }
  }

  private static void set(Object data, int i, int value) {
    if (data instanceof int[] a) {
      a[i] = value;
    } else if (data instanceof long[] a) {
      a[i] = value;
    } else if (data instanceof float[] a) {
      a[i] = value;
    } else {
      ((double[]) data)[i] = value;
    }
  }
}
