package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.RunLengthResult;
import dev.prims.SelectResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * Unique and run-length encode of int and long values, on arrays and buffers: few distinct values
 * (a value that comes back starts a new run), all equal, all distinct, runs longer than 2^16 (so
 * they span every tile), extreme values and long values differing only in their high half, lengths
 * 0, 1 and odd ones. Answers are compared with a plain Java loop. Float and double are refused with
 * an {@link IllegalArgumentException} naming the type, as are unfit output buffers.
 */
public abstract class UniqueConformance extends BackendConformance {
  /** Lengths: empty, tiny, odd, and past a 2^16 tile. */
  static final int[] SIZES = {0, 1, 2, 3, 17, 1001, 65537};

  /** Length of the long-run cases: runs of more than 2^16 values. */
  static final int LONG_RUN_SIZE = 300001;

  /** The data patterns. */
  enum Pattern {
    FEW_DISTINCT,
    ALL_EQUAL,
    ALL_DISTINCT,
    LONG_RUNS,
    EXTREMES
  }

  /** The runs of a plain Java loop: unique values and run lengths. */
  record Runs(long[] values, long[] lengths) {}

  @TestFactory
  Stream<DynamicNode> uniqueAndRunLengths() {
    List<DynamicNode> tests = new ArrayList<>();
    for (DType type : List.of(DType.INT, DType.LONG)) {
      for (Pattern pattern : Pattern.values()) {
        int[] sizes = pattern == Pattern.LONG_RUNS ? new int[] {LONG_RUN_SIZE} : SIZES;
        for (int n : sizes) {
          tests.add(
              DynamicTest.dynamicTest(
                  type.id() + " n=" + n + " " + pattern, () -> check(type, pattern, n)));
        }
      }
    }
    return tests.stream();
  }

  @Test
  void floatingValuesAreRefusedNamingTheType() {
    Prims prims = prims();
    try (DeviceBuffer floats = prims.upload(new float[] {1f});
        DeviceBuffer floatOut = prims.allocate(DType.FLOAT, 1)) {
      expectRefusal("float", () -> prims.unique(floats, floatOut));
    }
    try (DeviceBuffer f = prims.upload(new double[] {1, 1, 2});
        DeviceBuffer out = prims.allocate(DType.DOUBLE, 3);
        DeviceBuffer lengths = prims.allocate(DType.LONG, 3)) {
      expectRefusal("double", () -> prims.unique(f, out));
      expectRefusal("double", () -> prims.runLengthEncode(f, out, lengths));
    }
  }

  @Test
  void unfitBuffersAreRefused() {
    Prims prims = prims();
    try (DeviceBuffer in = prims.upload(new int[] {1, 1, 2, 3});
        DeviceBuffer longs = prims.allocate(DType.LONG, 4);
        DeviceBuffer shortOut = prims.allocate(DType.INT, 3);
        DeviceBuffer out = prims.allocate(DType.INT, 4);
        DeviceBuffer shortLengths = prims.allocate(DType.LONG, 3);
        DeviceBuffer intLengths = prims.allocate(DType.INT, 4)) {
      expectRefusal("output must be int", () -> prims.unique(in, longs));
      expectRefusal("at least 4", () -> prims.unique(in, shortOut));
      expectRefusal("not be the values", () -> prims.unique(in, in));
      expectRefusal("at least 4", () -> prims.runLengthEncode(in, out, shortLengths));
      expectRefusal("run lengths must be long", () -> prims.runLengthEncode(in, out, intLengths));
      expectRefusal("at least 4", () -> prims.runLengthEncode(in, shortOut, longs));
      expectRefusal("must not be null", () -> prims.runLengthEncode(in, out, null));
    }
    assertThrows(IllegalArgumentException.class, () -> prims.unique((int[]) null));
  }

  private static void expectRefusal(String fragment, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(fragment), () -> e.getMessage() + " lacks " + fragment);
  }

  private void check(DType type, Pattern pattern, int n) {
    long[] data = data(type, pattern, n, 31L * n + pattern.ordinal() + 7L * type.ordinal());
    Object values = type == DType.INT ? toInts(data) : data;
    Runs expected = reference(data);
    Prims prims = prims();

    SelectResult<?> unique = type == DType.INT ? prims.unique((int[]) values) : prims.unique(data);
    assertEquals(expected.values().length, unique.kept(), "run count");
    assertArrayEquals(expected.values(), widen(unique.values()), "unique values in order");
    assertEquals(backendId(), unique.provenance().backend());

    RunLengthResult<?> rle =
        type == DType.INT ? prims.runLengthEncode((int[]) values) : prims.runLengthEncode(data);
    assertEquals(expected.values().length, rle.runs(), "run count of the encoding");
    assertArrayEquals(expected.values(), widen(rle.values()), "run values");
    assertArrayEquals(expected.lengths(), rle.lengths(), "run lengths");

    int runs = expected.values().length;
    try (DeviceBuffer in = prims.upload(values);
        DeviceBuffer out = prims.allocate(type, n);
        DeviceBuffer lengths = prims.allocate(DType.LONG, n)) {
      assertEquals(runs, prims.unique(in, out).kept(), "run count of buffers");
      assertArrayEquals(expected.values(), download(prims, out, type, runs), "unique of buffers");
      assertEquals(runs, prims.runLengthEncode(in, out, lengths).asLong(), "runs of buffers");
      assertArrayEquals(expected.values(), download(prims, out, type, runs), "run values, buffers");
      assertArrayEquals(expected.lengths(), download(prims, lengths, DType.LONG, runs));
    }
  }

  /** The reference: one loop over the values. */
  static Runs reference(long[] data) {
    long[] values = new long[data.length];
    long[] lengths = new long[data.length];
    int runs = 0;
    for (int i = 0; i < data.length; i++) {
      if (i == 0 || data[i] != data[i - 1]) {
        values[runs++] = data[i];
      }
      lengths[runs - 1]++;
    }
    return new Runs(Arrays.copyOf(values, runs), Arrays.copyOf(lengths, runs));
  }

  static long[] data(DType type, Pattern pattern, int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    boolean ints = type == DType.INT;
    long[] extremes =
        ints
            ? new long[] {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, Integer.MAX_VALUE}
            : new long[] {Long.MIN_VALUE, -1, 0, 1L << 32, (1L << 32) | 1, Long.MAX_VALUE};
    long[] data = new long[n];
    int i = 0;
    while (i < n) {
      int length;
      long value;
      switch (pattern) {
        case FEW_DISTINCT -> {
          length = 1;
          value = random.nextInt(3) - 1;
        }
        case ALL_EQUAL -> {
          length = n;
          value = ints ? -7 : -7L << 40;
        }
        case ALL_DISTINCT -> {
          length = 1;
          value = ints ? i - n / 2 : ((long) i << 33) - i;
        }
        case LONG_RUNS -> {
          length = 65536 + random.nextInt(70000);
          value = random.nextInt(2) == 0 ? extremes[random.nextInt(extremes.length)] : i;
        }
        default -> {
          length = 1 + random.nextInt(4);
          value = extremes[random.nextInt(extremes.length)];
        }
      }
      for (int end = Math.min(n, i + length); i < end; i++) {
        data[i] = value;
      }
    }
    return data;
  }

  private static int[] toInts(long[] data) {
    int[] out = new int[data.length];
    for (int i = 0; i < data.length; i++) {
      out[i] = Math.toIntExact(data[i]);
    }
    return out;
  }

  private static long[] widen(Object values) {
    return values instanceof int[] a ? Arrays.stream(a).asLongStream().toArray() : (long[]) values;
  }

  private static long[] download(Prims prims, DeviceBuffer buffer, DType type, int length) {
    Object out = type == DType.INT ? new int[length] : new long[length];
    if (length > 0) {
      prims.download(buffer, out, 0, length);
    }
    return widen(out);
  }
}
