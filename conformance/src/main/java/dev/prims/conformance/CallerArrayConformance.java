package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * Results where the caller wants them: scans into a caller's array (fresh, in place, longer than
 * the input with its tail untouched) and over ranges (at array starts and ends, disjoint ranges of
 * one array, zero length), histograms into a caller's counts; bad ranges, overlapping ranges and
 * counts of the wrong length are refused with an {@link IllegalArgumentException} naming the
 * values; reproducible mode gives the bits of the plain reproducible scan.
 */
public abstract class CallerArrayConformance extends BackendConformance {
  private static final ReduceOp[] OPS = {ReduceOp.SUM, ReduceOp.MAX};
  private static final int[] SIZES = {1, 33, 1025, 77_777};

  /** How the input and output ranges are laid out in the caller's arrays. */
  enum Layout {
    /** A fresh output array three elements longer than the input: its tail stays untouched. */
    FRESH_LONGER_OUTPUT,
    /** One array, scanned in place. */
    IN_PLACE,
    /** Input at the start of a longer array, output at the end of another. */
    START_TO_END,
    /** Input at the end of a longer array, output at the start of another. */
    END_TO_START,
    /** One array, equal offsets inside it: in place over a range. */
    IN_PLACE_RANGE,
    /** One array, the input in its first half and the output in its second. */
    DISJOINT_RANGES_OF_ONE_ARRAY
  }

  @TestFactory
  Stream<DynamicNode> scansIntoCallerArrays() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (Layout layout : Layout.values()) {
      List<DynamicNode> tests = new ArrayList<>();
      for (ScanKind kind : ScanKind.values()) {
        for (DType type : DType.values()) {
          for (ReduceOp op : OPS) {
            for (int n : SIZES) {
              tests.add(
                  DynamicTest.dynamicTest(
                      name(kind) + " " + type.id() + " " + op.id() + " n=" + n,
                      () -> checkLayout(prims(), layout, type, op, kind, n)));
            }
          }
        }
      }
      nodes.add(
          DynamicContainer.dynamicContainer(
              layout.name().toLowerCase(Locale.ROOT).replace('_', ' '), tests.stream()));
    }
    return nodes.stream();
  }

  private void checkLayout(
      Prims view, Layout layout, DType type, ReduceOp op, ScanKind kind, int n) {
    Object data = TestData.array(type, DataKind.RANDOM, n, TestData.seed("into", type, op, n));
    String what =
        backendId()
            + " "
            + name(kind)
            + " scan "
            + op.id()
            + " of "
            + n
            + " "
            + type.id()
            + " "
            + layout.name().toLowerCase(Locale.ROOT);
    Placed placed = Placed.of(layout, data);
    Object before = HostArrays.copy(placed.output);
    Provenance provenance;
    if (layout == Layout.FRESH_LONGER_OUTPUT || layout == Layout.IN_PLACE) {
      provenance = Calls.scan(view, placed.input, placed.output, op, kind);
    } else {
      provenance =
          Calls.scan(
              view,
              placed.input,
              placed.inputOffset,
              placed.output,
              placed.outputOffset,
              n,
              op,
              kind);
    }
    assertEquals(backendId(), provenance.backend(), what + ": provenance backend");
    Object scanned = HostArrays.slice(placed.output, placed.outputOffset, n);
    ScanExpectation.expect(type, op, kind, data, scanned, chain(type, n), what);
    expectUntouchedOutside(before, placed.output, placed.outputOffset, n, what);
    if (placed.input != placed.output) {
      assertEquals(
          -1,
          Checks.firstDifference(data, HostArrays.slice(placed.input, placed.inputOffset, n)),
          what + ": the input was modified");
    }
  }

  /** An input and an output array holding {@code data} at their offsets (see {@link Layout}). */
  private record Placed(Object input, int inputOffset, Object output, int outputOffset) {
    static Placed of(Layout layout, Object data) {
      int n = Array.getLength(data);
      switch (layout) {
        case FRESH_LONGER_OUTPUT:
          return new Placed(HostArrays.copy(data), 0, filler(data, n + 3, 1), 0);
        case IN_PLACE:
          Object same = HostArrays.copy(data);
          return new Placed(same, 0, same, 0);
        case START_TO_END:
          return new Placed(embed(data, n + 5, 0, 2), 0, filler(data, n + 7, 3), 7);
        case END_TO_START:
          return new Placed(embed(data, n + 5, 5, 4), 5, filler(data, n + 7, 5), 0);
        case IN_PLACE_RANGE:
          Object middle = embed(data, n + 9, 4, 6);
          return new Placed(middle, 4, middle, 4);
        default:
          Object halves = embed(data, 2 * n + 1, 0, 7);
          return new Placed(halves, 0, halves, n + 1);
      }
    }
  }

  @Test
  void zeroLengthRangesScanNothing() {
    for (DType type : DType.values()) {
      Object data = TestData.array(type, DataKind.RANDOM, 6, TestData.seed("zero", type));
      Object output = filler(data, 6, 8);
      Object before = HostArrays.copy(output);
      for (int at : new int[] {0, 3, 6}) {
        Provenance p =
            Calls.scan(prims(), data, at, output, at, 0, ReduceOp.SUM, ScanKind.INCLUSIVE);
        assertEquals(backendId(), p.backend(), type.id() + " zero length at " + at);
      }
      assertEquals(-1, Checks.firstDifference(before, output), type.id() + ": output changed");
      Object empty = Array.newInstance(data.getClass().getComponentType(), 0);
      Calls.scan(prims(), empty, empty, ReduceOp.SUM, ScanKind.EXCLUSIVE);
    }
  }

  @Test
  void overlappingRangesOfOneArrayAreRefused() {
    for (DType type : DType.values()) {
      Object array = TestData.array(type, DataKind.RANDOM, 10, TestData.seed("overlap", type));
      expectRefusal(
          () -> Calls.scan(prims(), array, 0, array, 1, 5, ReduceOp.SUM, ScanKind.INCLUSIVE),
          type.id() + " ranges [0, 5) and [1, 6) of one array",
          "[0, 5)",
          "[1, 6)");
      expectRefusal(
          () -> Calls.scan(prims(), array, 4, array, 0, 5, ReduceOp.MAX, ScanKind.EXCLUSIVE),
          type.id() + " ranges [4, 9) and [0, 5) of one array",
          "[4, 9)",
          "[0, 5)");
    }
  }

  @Test
  void badRangesAreRefusedNamingTheValues() {
    for (DType type : DType.values()) {
      Object in = TestData.array(type, DataKind.RANDOM, 8, TestData.seed("bad", type));
      Object out = filler(in, 8, 9);
      Object shorter = filler(in, 5, 9);
      ReduceOp sum = ReduceOp.SUM;
      ScanKind inclusive = ScanKind.INCLUSIVE;
      String t = type.id();
      expectRefusal(
          () -> Calls.scan(prims(), in, -1, out, 0, 4, sum, inclusive), t + " offset -1", "-1");
      expectRefusal(
          () -> Calls.scan(prims(), in, 0, out, -2, 4, sum, inclusive), t + " offset -2", "-2");
      expectRefusal(
          () -> Calls.scan(prims(), in, 0, out, 0, -3, sum, inclusive), t + " length -3", "-3");
      expectRefusal(
          () -> Calls.scan(prims(), in, 5, out, 0, 4, sum, inclusive),
          t + " input range past the end",
          "5",
          "4",
          "8");
      expectRefusal(
          () -> Calls.scan(prims(), in, 0, out, 6, 3, sum, inclusive),
          t + " output range past the end",
          "6",
          "3",
          "8");
      expectRefusal(
          () -> Calls.scan(prims(), in, shorter, sum, inclusive),
          t + " output shorter than the input",
          "8",
          "5");
      expectRefusal(
          () -> Calls.scan(prims(), in, 0, null, 0, 1, sum, inclusive),
          t + " null output",
          "output");
    }
  }

  @Test
  void nullInputsAreRefused() {
    ReduceOp sum = ReduceOp.SUM;
    ScanKind inclusive = ScanKind.INCLUSIVE;
    expectRefusal(() -> prims().scan(null, new int[1], sum, inclusive), "null input", "input");
    expectRefusal(() -> prims().scan(new long[1], null, sum, inclusive), "null output", "output");
    expectRefusal(
        () -> prims().scan(null, 0, new float[1], 0, 1, sum, inclusive), "null input", "input");
  }

  @TestFactory
  Stream<DynamicNode> reproducibleScansIntoCallerArraysHaveThePlainBits() {
    List<DynamicNode> tests = new ArrayList<>();
    for (ScanKind kind : ScanKind.values()) {
      for (DType type : new DType[] {DType.FLOAT, DType.DOUBLE}) {
        for (int n : Sizes.reproducibleShapes()) {
          tests.add(
              DynamicTest.dynamicTest(
                  name(kind) + " " + type.id() + " n=" + n,
                  () -> checkReproducible(type, kind, n)));
        }
      }
    }
    return tests.stream();
  }

  private void checkReproducible(DType type, ScanKind kind, int n) {
    Prims view = prims().determinism(Determinism.REPRODUCIBLE);
    Object data =
        FoldData.MIXED_MAGNITUDES.array(type, n, TestData.seed("into-reproducible", type, n));
    String what = backendId() + " reproducible " + name(kind) + " scan of " + n + " " + type.id();
    Object ranged = filler(data, n + 6, 10);
    if (backend().foldKernels() == null) {
      expectReproducibleRefusal(
          () -> Calls.scan(view, data, 0, ranged, 6, n, ReduceOp.SUM, kind), what);
      return;
    }
    Object expected = Calls.scan(view, data, ReduceOp.SUM, kind).values();
    Object fresh = filler(data, n, 11);
    Calls.scan(view, data, fresh, ReduceOp.SUM, kind);
    Checks.assertSameBits(expected, fresh, what + " into a caller's array");
    Calls.scan(view, data, 0, ranged, 6, n, ReduceOp.SUM, kind);
    Checks.assertSameBits(
        expected, HostArrays.slice(ranged, 6, n), what + " into a range at the end");
    Object inPlace = embed(data, n + 2, 1, 12);
    Calls.scan(view, inPlace, 1, inPlace, 1, n, ReduceOp.SUM, kind);
    Checks.assertSameBits(
        expected, HostArrays.slice(inPlace, 1, n), what + " in place over a range");
  }

  @TestFactory
  Stream<DynamicNode> histogramsIntoCallerCounts() {
    List<DynamicNode> tests = new ArrayList<>();
    List<HistogramSpec> specs =
        List.of(
            HistogramSpec.keys(7),
            HistogramSpec.keys(256),
            HistogramSpec.even(10, -3.5, 7.25),
            HistogramSpec.even(256, 0, 1));
    for (DType type : DType.values()) {
      for (HistogramSpec spec : specs) {
        if (spec.isEven() != type.isFloating()) {
          continue;
        }
        for (int n : new int[] {0, 1, 1025, 77_777}) {
          tests.add(
              DynamicTest.dynamicTest(
                  type.id() + " " + spec + " n=" + n, () -> checkHistogram(type, spec, n)));
        }
      }
    }
    return tests.stream();
  }

  private void checkHistogram(DType type, HistogramSpec spec, int n) {
    Object values = histogramData(type, spec, n, TestData.seed("counts-into", type, n));
    String what = backendId() + " histogram of " + n + " " + type.id() + " " + spec;
    HistogramResult expected = Calls.histogram(prims(), values, spec);
    long[] counts = new long[spec.bins()];
    Arrays.fill(counts, 42);
    HistogramResult actual = Calls.histogram(prims(), values, spec, counts);
    assertSame(counts, actual.counts(), what + ": the result holds the caller's counts");
    assertArrayEquals(expected.counts(), counts, what + ": counts");
    assertEquals(expected.outOfRange(), actual.outOfRange(), what + ": out of range");
    assertEquals(backendId(), actual.provenance().backend(), what + ": provenance backend");
  }

  @Test
  void countsOfTheWrongLengthAreRefused() {
    int[] keys = {0, 1, 2, 9};
    expectRefusal(() -> prims().histogram(keys, 4, new long[5]), "long[5] for 4 bins", "4", "5");
    expectRefusal(
        () -> prims().histogram(new float[] {0.5f}, HistogramSpec.even(8, 0, 1), new long[7]),
        "long[7] for 8 bins",
        "8",
        "7");
    expectRefusal(() -> prims().histogram(keys, 4, null), "null counts", "counts");
  }

  private static Object histogramData(DType type, HistogramSpec spec, int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    Object values = Array.newInstance(type.arrayClass().getComponentType(), n);
    for (int i = 0; i < n; i++) {
      if (spec.isEven()) {
        double width = spec.upper() - spec.lower();
        double v = spec.lower() - width / 8 + random.nextDouble() * width * 1.25;
        if (type == DType.FLOAT) {
          Array.setFloat(values, i, (float) v);
        } else {
          Array.setDouble(values, i, v);
        }
      } else {
        int k = random.nextInt(-2, spec.bins() + 2);
        if (type == DType.INT) {
          Array.setInt(values, i, k);
        } else {
          Array.setLong(values, i, k);
        }
      }
    }
    return values;
  }

  private static void expectRefusal(Executable call, String what, String... named) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call, what);
    for (String value : named) {
      assertTrue(
          String.valueOf(e.getMessage()).contains(value),
          what + ": the message must name " + value + ", got: " + e.getMessage());
    }
  }

  private static void expectUntouchedOutside(
      Object before, Object after, int offset, int n, String what) {
    int length = Array.getLength(before);
    for (int i = 0; i < length; i++) {
      boolean inRange = i >= offset && i < offset + n;
      if (!inRange && !Array.get(before, i).equals(Array.get(after, i))) {
        fail(what + ": element " + i + " outside the output range changed");
      }
    }
  }

  private static String name(ScanKind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  /** An array of {@code length} random elements of {@code like}'s type. */
  private static Object filler(Object like, int length, long seed) {
    return TestData.array(
        DType.ofArray(like), DataKind.RANDOM, length, TestData.seed("fill", seed));
  }

  /** {@code data} at {@code offset} of a random array of {@code length} elements. */
  private static Object embed(Object data, int length, int offset, long seed) {
    Object array = filler(data, length, seed);
    System.arraycopy(data, 0, array, offset, Array.getLength(data));
    return array;
  }
}
