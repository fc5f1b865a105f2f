package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.ByKey;
import dev.prims.ByKeyResult;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.Segments;
import dev.prims.conformance.SegmentLayouts.Layout;
import dev.prims.spi.FoldPlan;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Segmented reduce and scan over offsets, and reduce-by-key and scan-by-key, on every type with
 * SUM, MIN and MAX: random and extreme segment layouts ({@link SegmentLayouts}) over sizes that
 * straddle chunk edges, int and long offsets, NaN and wrapping data, host arrays and device buffers
 * (in place too), reproducible sums bit for bit against {@link FoldPlan} on the host, and bad
 * offsets. Integer and MIN/MAX results are exact; floating sums lie within the backend's bound per
 * segment (per prefix for scans). Empty segments reduce to the operator's identity.
 */
public abstract class SegmentConformance extends BackendConformance {
  private static final ReduceOp[] OPS = {ReduceOp.SUM, ReduceOp.MIN, ReduceOp.MAX};
  private static final int SMALL = 4097;

  /** The three calls of a segmented family. */
  enum Mode {
    REDUCE,
    INCLUSIVE,
    EXCLUSIVE;

    ScanKind kind() {
      return this == INCLUSIVE ? ScanKind.INCLUSIVE : ScanKind.EXCLUSIVE;
    }
  }

  @TestFactory
  Stream<DynamicNode> segmentsOnArrays() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (Mode mode : Mode.values()) {
      for (DType type : DType.values()) {
        for (ReduceOp op : OPS) {
          List<DynamicNode> tests = new ArrayList<>();
          for (int n : SegmentLayouts.SIZES) {
            addLayoutTests(
                tests,
                n,
                SegmentLayouts.all(n, TestData.seed("layout", n)),
                kinds(type, n),
                (layout, longOffsets, kind) ->
                    checkArrays(mode, type, op, kind, n, layout, longOffsets));
          }
          nodes.add(DynamicContainer.dynamicContainer(name(mode, type, op), tests));
        }
      }
    }
    return nodes.stream();
  }

  /** A check of {@code n} values of one data case on one layout, with int or long offsets. */
  private interface LayoutCheck<D> {
    void run(Layout layout, boolean longOffsets, D data);
  }

  /**
   * Adds to {@code tests} one test per layout of {@code n} values and data case, named after them;
   * every other layout (the second, the fourth, ...) has long offsets, the others int offsets.
   */
  private static <D> void addLayoutTests(
      List<DynamicNode> tests, int n, List<Layout> layouts, List<D> data, LayoutCheck<D> check) {
    for (int l = 0; l < layouts.size(); l++) {
      Layout layout = layouts.get(l);
      boolean longOffsets = l % 2 == 1;
      for (D d : data) {
        tests.add(
            DynamicTest.dynamicTest(
                "n=" + n + " " + layout + " " + d + (longOffsets ? " long offsets" : ""),
                () -> check.run(layout, longOffsets, d)));
      }
    }
  }

  private static List<DataKind> kinds(DType type, int n) {
    if (n > SMALL) {
      return List.of(DataKind.RANDOM);
    }
    return List.of(DataKind.RANDOM, type.isFloating() ? DataKind.NAN : DataKind.EXTREME);
  }

  private void checkArrays(
      Mode mode, DType type, ReduceOp op, DataKind kind, int n, Layout layout, boolean longs) {
    Object values = TestData.array(type, kind, n, TestData.seed(type, kind, n, layout.name()));
    Segments segments = segments(layout, longs);
    assertEquals(layout.offsets().length - 1, segments.count(), "segment count");
    Object result =
        mode == Mode.REDUCE
            ? Calls.reduce(segments, values, op).values()
            : Calls.scan(segments, values, op, mode.kind()).values();
    check(mode, type, op, values, layout.offsets(), result);
  }

  /** The segments of {@code layout}, made from its offsets as longs where {@code longs}. */
  private Segments segments(Layout layout, boolean longs) {
    return longs
        ? prims().segments(SegmentLayouts.asLongs(layout.offsets()))
        : prims().segments(layout.offsets());
  }

  /**
   * Asserts {@code result} is the segmented reduce or scan of {@code values} by {@code offsets}.
   */
  private void check(
      Mode mode, DType type, ReduceOp op, Object values, int[] offsets, Object result) {
    int n = Array.getLength(values);
    long k = chain(type, n) + Checks.ceilLog2(Math.max(n, 1));
    boolean floatingSum = type.isFloating() && op == ReduceOp.SUM;
    if (!floatingSum) {
      // exact results: compared whole, then segment by segment only to name a difference
      Object expected =
          mode == Mode.REDUCE
              ? Reference.segmentedFold(values, offsets, op)
              : Reference.segmentedScan(values, offsets, op, mode == Mode.INCLUSIVE);
      if (expected.getClass() == result.getClass()
          && Checks.firstDifference(expected, result) < 0
          && Array.getLength(expected) == Array.getLength(result)) {
        return;
      }
    }
    if (mode == Mode.REDUCE) {
      assertEquals(offsets.length - 1, Array.getLength(result), "one result per segment");
      for (int s = 0; s + 1 < offsets.length; s++) {
        Number actual = (Number) Array.get(result, s);
        // the message is built only for a failing segment
        if (floatingSum) {
          ExactSum sum = new ExactSum();
          for (int i = offsets[s]; i < offsets[s + 1]; i++) {
            sum.add(Reference.element(values, i));
          }
          String error = Checks.sumError(type, actual.doubleValue(), sum, k);
          if (error != null) {
            fail(segmentName(s, offsets) + ": " + error);
          }
        } else {
          Object segment = HostArrays.slice(values, offsets[s], offsets[s + 1] - offsets[s]);
          Number expected = Reference.fold(segment, op);
          if (!Checks.isSameValue(type, expected, actual)) {
            Checks.assertSameValue(type, expected, actual, segmentName(s, offsets));
          }
        }
      }
      if (!floatingSum) {
        fail("the results differ from the segmented " + mode + " of the values");
      }
      return;
    }
    assertEquals(n, Array.getLength(result), "one result per element");
    boolean inclusive = mode == Mode.INCLUSIVE;
    for (int s = 0; s + 1 < offsets.length; s++) {
      int from = offsets[s];
      int to = offsets[s + 1];
      if (type.isFloating() && op == ReduceOp.SUM) {
        ExactSum prefix = new ExactSum();
        for (int i = from; i < to; i++) {
          if (inclusive) {
            prefix.add(Reference.element(values, i));
          }
          String error =
              Checks.sumError(type, ((Number) Array.get(result, i)).doubleValue(), prefix, k);
          if (error != null) {
            fail("element " + i + " of segment " + s + " starting at " + from + ": " + error);
          }
          if (!inclusive) {
            prefix.add(Reference.element(values, i));
          }
        }
      } else {
        Object expected = Reference.scan(HostArrays.slice(values, from, to - from), op, inclusive);
        Object actual = HostArrays.slice(result, from, to - from);
        if (Checks.firstDifference(expected, actual) >= 0) {
          assertSameArray(expected, actual, "segment " + s + " at " + from);
        }
      }
    }
    if (!floatingSum) {
      fail("the results differ from the segmented " + mode + " of the values");
    }
  }

  /** How a failing check names segment {@code s}. */
  private static String segmentName(int s, int[] offsets) {
    return "segment " + s + " [" + offsets[s] + ", " + offsets[s + 1] + ")";
  }

  @TestFactory
  Stream<DynamicNode> segmentsOnBuffers() {
    List<DynamicNode> tests = new ArrayList<>();
    for (DType type : DType.values()) {
      for (int n : List.of(0, 257, 65537, Sizes.LARGE)) {
        for (Layout layout :
            SegmentLayouts.all(n, TestData.seed("buffer layout", n)).subList(0, 3)) {
          for (String offsets : List.of("int buffer", "long buffer", "host")) {
            tests.add(
                DynamicTest.dynamicTest(
                    type.id() + " n=" + n + " " + layout + ", offsets " + offsets,
                    () -> checkBuffers(type, n, layout, offsets)));
          }
        }
      }
    }
    return tests.stream();
  }

  private void checkBuffers(DType type, int n, Layout layout, String offsetsKind) {
    Prims prims = prims();
    Object values = TestData.array(type, DataKind.RANDOM, n, TestData.seed(type, n, "buffers"));
    int[] offsets = layout.offsets();
    int count = offsets.length - 1;
    DeviceBuffer offsetBuffer = offsetBuffer(prims, offsets, offsetsKind);
    try (DeviceBuffer input = prims.upload(values);
        DeviceBuffer out = prims.allocate(type, count);
        DeviceBuffer scanned = prims.upload(values)) {
      Segments segments =
          offsetBuffer == null ? prims.segments(offsets) : prims.segments(offsetBuffer);
      for (ReduceOp op : OPS) {
        segments.reduce(input, out, op);
        Object result = Array.newInstance(type.arrayClass().getComponentType(), count);
        prims.download(out, result);
        check(Mode.REDUCE, type, op, values, offsets, result);
      }
      segments.scan(scanned, scanned, ReduceOp.MAX, ScanKind.INCLUSIVE);
      Object result = Array.newInstance(type.arrayClass().getComponentType(), n);
      prims.download(scanned, result);
      check(Mode.INCLUSIVE, type, ReduceOp.MAX, values, offsets, result);
    } finally {
      if (offsetBuffer != null) {
        offsetBuffer.close();
      }
    }
  }

  // ---- arg-min / arg-max ----

  /**
   * Segmented arg-min and arg-max on every type: every layout up to 65537 values with random, tied
   * (signed zeros) and NaN data, random data at 2^20 + 1 in one huge segment and in segments of 64;
   * int and long offsets.
   */
  @TestFactory
  Stream<DynamicNode> argReduceSegments() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DType type : DType.values()) {
      for (ReduceOp op : List.of(ReduceOp.MIN, ReduceOp.MAX)) {
        List<DynamicNode> tests = new ArrayList<>();
        for (int n : List.of(1, 33, 4097, 65537, Sizes.LARGE)) {
          List<Layout> layouts = SegmentLayouts.all(n, TestData.seed("arg layout", n));
          if (n == Sizes.LARGE) {
            layouts = List.of(layouts.get(1), new Layout("64 each", SegmentLayouts.fixed(n, 64)));
          }
          addLayoutTests(
              tests,
              n,
              layouts,
              argData(type, n),
              (layout, longOffsets, data) ->
                  checkArgArrays(type, op, data, n, layout, longOffsets));
        }
        nodes.add(DynamicContainer.dynamicContainer("arg " + type.id() + " " + op.id(), tests));
      }
    }
    return nodes.stream();
  }

  private static List<String> argData(DType type, int n) {
    if (n > SMALL) {
      return List.of("random");
    }
    return type.isFloating() ? List.of("random", "ties", "nan") : List.of("random", "ties");
  }

  private void checkArgArrays(
      DType type, ReduceOp op, String data, int n, Layout layout, boolean longs) {
    long seed = TestData.seed(type, data, n, layout.name());
    Object values =
        switch (data) {
          case "ties" -> SegmentArgCheck.ties(type, n, seed);
          case "nan" -> TestData.array(type, DataKind.NAN, n, seed);
          default -> TestData.array(type, DataKind.RANDOM, n, seed);
        };
    Segments segments = segments(layout, longs);
    dev.prims.SegmentArgResult<?> r = Calls.argReduce(segments, values, op);
    SegmentArgCheck.check(type, op, values, layout.offsets(), r.values(), r.indices());
  }

  /** Segmented arg-min and arg-max of device buffers, with int, long and host offsets. */
  @TestFactory
  Stream<DynamicNode> argReduceSegmentsOnBuffers() {
    List<DynamicNode> tests = new ArrayList<>();
    for (DType type : DType.values()) {
      for (int n : List.of(0, 1025, 65537)) {
        Layout layout = SegmentLayouts.all(n, TestData.seed("arg buffer layout", n)).get(0);
        for (String offsets : List.of("int buffer", "long buffer", "host")) {
          tests.add(
              DynamicTest.dynamicTest(
                  "arg " + type.id() + " n=" + n + " " + layout + ", offsets " + offsets,
                  () -> checkArgBuffers(type, n, layout, offsets)));
        }
      }
    }
    return tests.stream();
  }

  private void checkArgBuffers(DType type, int n, Layout layout, String offsetsKind) {
    Prims prims = prims();
    Object values = SegmentArgCheck.ties(type, n, TestData.seed(type, n, "arg buffers"));
    int[] offsets = layout.offsets();
    int count = offsets.length - 1;
    DeviceBuffer offsetBuffer = offsetBuffer(prims, offsets, offsetsKind);
    try (DeviceBuffer input = prims.upload(values);
        DeviceBuffer out = prims.allocate(type, count);
        DeviceBuffer at = prims.allocate(DType.LONG, count)) {
      Segments segments =
          offsetBuffer == null ? prims.segments(offsets) : prims.segments(offsetBuffer);
      for (ReduceOp op : List.of(ReduceOp.MIN, ReduceOp.MAX)) {
        segments.argReduce(input, out, at, op);
        Object winners = Array.newInstance(type.arrayClass().getComponentType(), count);
        long[] indices = new long[count];
        prims.download(out, winners);
        prims.download(at, indices);
        SegmentArgCheck.check(type, op, values, offsets, winners, indices);
      }
    } finally {
      if (offsetBuffer != null) {
        offsetBuffer.close();
      }
    }
  }

  @Test
  void argReduceOfEmptySegmentsIsTheIdentityAtMinusOne() {
    Segments segments = prims().segments(new int[] {0, 0, 3, 3, 5, 5});
    dev.prims.SegmentArgResult<float[]> min =
        segments.argReduce(new float[] {2, -0.0f, 0.0f, 7, Float.NaN}, ReduceOp.MIN);
    assertArrayEquals(new long[] {-1, 1, -1, 4, -1}, min.indices());
    assertEquals(Float.POSITIVE_INFINITY, min.values()[0]);
    assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(min.values()[1]));
    assertTrue(Float.isNaN(min.values()[3]), "NaN is the extreme");
    dev.prims.SegmentArgResult<int[]> max =
        segments.argReduce(new int[] {5, 9, 9, 1, 1}, ReduceOp.MAX);
    assertArrayEquals(new long[] {-1, 1, -1, 3, -1}, max.indices());
    assertArrayEquals(
        new int[] {Integer.MIN_VALUE, 9, Integer.MIN_VALUE, 1, Integer.MIN_VALUE}, max.values());
    assertEquals(
        0, prims().segments(new int[] {0}).argReduce(new long[0], ReduceOp.MIN).indices().length);
    assertMessage("MIN or MAX", () -> segments.argReduce(new int[5], ReduceOp.SUM));
    try (DeviceBuffer v = prims().upload(new int[5]);
        DeviceBuffer out = prims().allocate(DType.INT, 5);
        DeviceBuffer ints = prims().allocate(DType.INT, 5);
        DeviceBuffer longs = prims().allocate(DType.LONG, 5)) {
      assertMessage(
          "indices must be long with at least 5 elements, got int",
          () -> segments.argReduce(v, out, ints, ReduceOp.MAX));
      assertMessage("three different buffers", () -> segments.argReduce(v, v, longs, ReduceOp.MAX));
    }
  }

  @TestFactory
  Stream<DynamicNode> reproducibleSegments() {
    List<DynamicNode> tests = new ArrayList<>();
    for (Mode mode : Mode.values()) {
      for (DType type : List.of(DType.FLOAT, DType.DOUBLE)) {
        for (int n : SegmentLayouts.SIZES) {
          for (Layout layout : SegmentLayouts.all(n, TestData.seed("reproducible", n))) {
            tests.add(
                DynamicTest.dynamicTest(
                    name(mode, type, ReduceOp.SUM)
                        + " n="
                        + n
                        + " "
                        + layout
                        + " "
                        + comparedWith(),
                    () -> checkReproducible(mode, type, n, layout)));
          }
        }
      }
    }
    return tests.stream();
  }

  private void checkReproducible(Mode mode, DType type, int n, Layout layout) {
    Object values = TestData.array(type, DataKind.RANDOM, n, TestData.seed(type, n, layout.name()));
    Object expected = reproducible(mode, values, layout.offsets());
    List<Setting> settings = new ArrayList<>(reproducibleSettings(Primitive.REDUCE, true));
    cpuEngine()
        .ifPresent(
            cpu ->
                settings.add(
                    new Setting("cpu", cpu.determinism(dev.prims.Determinism.REPRODUCIBLE))));
    for (Setting setting : settings) {
      Segments segments = setting.view().segments(layout.offsets());
      Object actual =
          mode == Mode.REDUCE
              ? Calls.reduce(segments, values, ReduceOp.SUM).values()
              : Calls.scan(segments, values, ReduceOp.SUM, mode.kind()).values();
      assertSameArray(expected, actual, setting.name());
    }
  }

  /**
   * The reproducible segmented sum or scan on the host: one plan from the largest magnitude of all
   * values, each segment's (or prefix's) fold sums rounded once.
   */
  static Object reproducible(Mode mode, Object values, int[] offsets) {
    DType type = DType.ofArray(values);
    int n = Array.getLength(values);
    double maxAbs = n == 0 ? 0 : ReproducibleReference.maxAbs(values);
    FoldPlan plan = FoldPlan.forMaxAbs(type, maxAbs == 0 ? 1.0 : maxAbs);
    int segments = offsets.length - 1;
    Object out =
        Array.newInstance(type.arrayClass().getComponentType(), mode == Mode.REDUCE ? segments : n);
    for (int s = 0; s < segments; s++) {
      long[] sums = new long[plan.folds()];
      for (int i = offsets[s]; i < offsets[s + 1]; i++) {
        if (mode == Mode.EXCLUSIVE) {
          put(out, i, plan.combine(sums));
        }
        plan.accumulate(Reference.element(values, i), sums);
        if (mode == Mode.INCLUSIVE) {
          put(out, i, plan.combine(sums));
        }
      }
      if (mode == Mode.REDUCE) {
        put(out, s, plan.combine(sums));
      }
    }
    return out;
  }

  // ---- by key ----

  @TestFactory
  Stream<DynamicNode> byKey() {
    List<DynamicNode> tests = new ArrayList<>();
    for (DType type : DType.values()) {
      for (ReduceOp op : OPS) {
        for (int n : List.of(0, 1, 33, 1025, 65537, Sizes.LARGE)) {
          for (int mean : List.of(1, 5, 64, 5000)) {
            for (boolean longKeys : List.of(false, true)) {
              tests.add(
                  DynamicTest.dynamicTest(
                      type.id()
                          + " "
                          + op.id()
                          + " n="
                          + n
                          + " runs of mean "
                          + mean
                          + (longKeys ? " long keys" : " int keys"),
                      () -> checkByKey(prims(), type, op, n, mean, longKeys, false)));
            }
          }
        }
      }
    }
    for (DType type : List.of(DType.FLOAT, DType.DOUBLE)) {
      for (int n : List.of(1, 1025, Sizes.LARGE)) {
        tests.add(
            DynamicTest.dynamicTest(
                "reproducible " + type.id() + " n=" + n,
                () ->
                    checkByKey(
                        prims().determinism(dev.prims.Determinism.REPRODUCIBLE),
                        type,
                        ReduceOp.SUM,
                        n,
                        7,
                        false,
                        true)));
      }
    }
    return tests.stream();
  }

  private void checkByKey(
      Prims prims, DType type, ReduceOp op, int n, int mean, boolean longKeys, boolean exact) {
    int[] keys = SegmentLayouts.runKeys(n, mean, TestData.seed("keys", n, mean));
    int[] runs = SegmentLayouts.runOffsets(keys);
    Object values = TestData.array(type, DataKind.RANDOM, n, TestData.seed(type, n, mean));
    ByKey<?> byKey = longKeys ? prims.byKey(SegmentLayouts.asLongs(keys)) : prims.byKey(keys);
    ByKeyResult<?, ?> reduced = Calls.reduce(byKey, values, op);
    int count = runs.length - 1;
    assertEquals(count, reduced.runs(), "run count");
    Object expectedKeys = new int[count];
    for (int r = 0; r < count; r++) {
      ((int[]) expectedKeys)[r] = keys[runs[r]];
    }
    if (longKeys) {
      assertArrayEquals(SegmentLayouts.asLongs((int[]) expectedKeys), (long[]) reduced.keys());
    } else {
      assertArrayEquals((int[]) expectedKeys, (int[]) reduced.keys());
    }
    Object scanned = Calls.scan(byKey, values, op, ScanKind.INCLUSIVE).values();
    if (exact) {
      assertSameArray(reproducible(Mode.REDUCE, values, runs), reduced.values(), "reduced");
      assertSameArray(reproducible(Mode.INCLUSIVE, values, runs), scanned, "scanned");
    } else {
      check(Mode.REDUCE, type, op, values, runs, reduced.values());
      check(Mode.INCLUSIVE, type, op, values, runs, scanned);
      check(
          Mode.EXCLUSIVE,
          type,
          op,
          values,
          runs,
          Calls.scan(byKey, values, op, ScanKind.EXCLUSIVE).values());
    }
  }

  @Test
  void byKeyOnBuffers() {
    Prims prims = prims();
    int n = 70001;
    int[] keys = SegmentLayouts.runKeys(n, 30, 7);
    int[] runs = SegmentLayouts.runOffsets(keys);
    float[] values = (float[]) TestData.array(DType.FLOAT, DataKind.RANDOM, n, 8);
    try (DeviceBuffer k = prims.upload(keys);
        DeviceBuffer v = prims.upload(values);
        DeviceBuffer unique = prims.allocate(DType.INT, n);
        DeviceBuffer out = prims.allocate(DType.FLOAT, n)) {
      ByKey<DeviceBuffer> byKey = prims.byKey(k);
      long count = byKey.reduce(v, unique, out, ReduceOp.MAX).asLong();
      assertEquals(runs.length - 1, count, "run count");
      int[] uniqueKeys = new int[(int) count];
      float[] maxima = new float[(int) count];
      prims.download(unique, uniqueKeys);
      prims.download(out, maxima);
      for (int r = 0; r < count; r++) {
        assertEquals(keys[runs[r]], uniqueKeys[r], "key of run " + r);
      }
      check(Mode.REDUCE, DType.FLOAT, ReduceOp.MAX, values, runs, maxima);
      byKey.scan(v, v, ReduceOp.SUM, ScanKind.EXCLUSIVE);
      float[] scanned = new float[n];
      prims.download(v, scanned);
      check(Mode.EXCLUSIVE, DType.FLOAT, ReduceOp.SUM, values, runs, scanned);
    }
  }

  // ---- bad input ----

  @Test
  void badOffsetsNameTheValues() {
    Prims prims = prims();
    float[] values = new float[10];
    assertMessage(
        "offsets[0] must be 0, got 1",
        () -> prims.segments(new int[] {1, 10}).reduce(values, ReduceOp.SUM));
    assertMessage(
        "offsets[1] = 6 > offsets[2] = 4",
        () -> prims.segments(new long[] {0, 6, 4, 10}).reduce(values, ReduceOp.SUM));
    assertMessage(
        "offsets[2] = 9 but the values hold 10",
        () -> prims.segments(new int[] {0, 5, 9}).reduce(values, ReduceOp.SUM));
    assertMessage(
        "offsets[1] = 11 but the values hold 10",
        () -> prims.segments(new int[] {0, 11}).scan(values, ReduceOp.SUM, ScanKind.INCLUSIVE));
    assertMessage("got none", () -> prims.segments(new int[0]));
    assertMessage(
        "keys and values differ in length: 3 keys, 10 values",
        () -> prims.byKey(new int[3]).reduce(values, ReduceOp.SUM));
    try (DeviceBuffer bad = prims.upload(new int[] {0, 7, 3, 10});
        DeviceBuffer good = prims.upload(new int[] {0, 4, 10});
        DeviceBuffer v = prims.upload(values);
        DeviceBuffer shortOut = prims.allocate(DType.FLOAT, 1);
        DeviceBuffer floats = prims.upload(new float[] {0, 10})) {
      assertMessage("offsets[1] = 7 > offsets[2] = 3", () -> prims.segments(bad));
      assertMessage(
          "at least 2 elements, got float with 1",
          () -> prims.segments(good).reduce(v, shortOut, ReduceOp.SUM));
      assertMessage(
          "pass the values as a buffer", () -> prims.segments(good).reduce(values, ReduceOp.SUM));
      assertMessage("int or long", () -> prims.segments(floats));
      assertMessage("int or long", () -> prims.byKey(floats));
    }
  }

  private static void assertMessage(String part, org.junit.jupiter.api.function.Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(
        e.getMessage().contains(part),
        () -> "message '" + e.getMessage() + "' lacks '" + part + "'");
  }

  @Test
  void emptySegmentsReduceToTheIdentity() {
    int[] offsets = {0, 0, 2, 2, 2, 3, 3};
    Segments segments = prims().segments(offsets);
    assertArrayEquals(
        new int[] {0, 3, 0, 0, 4, 0}, segments.reduce(new int[] {1, 2, 4}, ReduceOp.SUM).values());
    assertArrayEquals(
        new int[] {
          Integer.MAX_VALUE, 1, Integer.MAX_VALUE, Integer.MAX_VALUE, 4, Integer.MAX_VALUE
        },
        segments.reduce(new int[] {1, 2, 4}, ReduceOp.MIN).values());
    assertArrayEquals(
        new long[] {Long.MIN_VALUE, 2, Long.MIN_VALUE, Long.MIN_VALUE, 4, Long.MIN_VALUE},
        segments.reduce(new long[] {1, 2, 4}, ReduceOp.MAX).values());
    float inf = Float.POSITIVE_INFINITY;
    assertArrayEquals(
        new float[] {inf, 1, inf, inf, 4, inf},
        segments.reduce(new float[] {1, 2, 4}, ReduceOp.MIN).values());
    double[] sums = segments.reduce(new double[] {1, 2, 4}, ReduceOp.SUM).values();
    assertEquals(0x0L, Double.doubleToRawLongBits(sums[0]), "an empty sum is +0.0");
    assertArrayEquals(
        new double[] {Double.NEGATIVE_INFINITY, 2, Double.NEGATIVE_INFINITY},
        prims()
            .segments(new int[] {0, 0, 2, 2})
            .reduce(new double[] {1, 2}, ReduceOp.MAX)
            .values());
    assertEquals(
        0, prims().segments(new int[] {0}).reduce(new int[0], ReduceOp.MIN).values().length);
  }

  // ---- helpers ----

  /** The offsets as an "int buffer" or a "long buffer", or null for "host" offsets. */
  private static DeviceBuffer offsetBuffer(Prims prims, int[] offsets, String kind) {
    return kind.startsWith("int")
        ? prims.upload(offsets)
        : kind.startsWith("long") ? prims.upload(SegmentLayouts.asLongs(offsets)) : null;
  }

  private static String name(Mode mode, DType type, ReduceOp op) {
    return mode.name().toLowerCase(Locale.ROOT) + " " + type.id() + " " + op.id();
  }

  private static void put(Object out, int i, double v) {
    if (out instanceof float[] f) {
      f[i] = (float) v;
    } else {
      ((double[]) out)[i] = v;
    }
  }

  /** Asserts equal integers or floating values of the same bits (any NaN equal to any NaN). */
  static void assertSameArray(Object expected, Object actual, String what) {
    assertEquals(Array.getLength(expected), Array.getLength(actual), what + ": length");
    Checks.assertSameBits(expected, actual, what);
  }
}
