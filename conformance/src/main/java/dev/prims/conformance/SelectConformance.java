package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Predicate;
import dev.prims.Prims;
import dev.prims.SelectCount;
import dev.prims.SelectResult;
import dev.prims.TopKOrder;
import dev.prims.TopKResult;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoublePredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Select, partition and top-k on every value type, on arrays and buffers: random data, data where
 * every or no value is kept, NaNs, signed zeros and infinities, lengths 0, 1 and odd ones, k = 1
 * and k = n, many ties. Answers are compared with plain Java loops (a select keeps input order; a
 * partition puts the others after in input order; a top-k is a stable sort of the indices by {@link
 * Double#compare} taken to k, ties by lower index). A backend without a select is skipped as such.
 */
public abstract class SelectConformance extends BackendConformance {
  /** Lengths: empty, tiny, odd, and around chunk sizes. */
  static final int[] SIZES = {0, 1, 2, 3, 17, 1000, 4097, 16385, 65537, 300001};

  /** Lengths of the top-k cells. */
  static final int[] TOP_K_SIZES = {1, 2, 3, 17, 1000, 4097, 65537};

  /** The data patterns. */
  enum Pattern {
    RANDOM,
    FEW_DISTINCT,
    SPECIALS
  }

  /** A predicate with a plain Java twin on the value widened to double (exact for these data). */
  record Case(String name, Predicate predicate, DoublePredicate reference) {}

  static final List<Case> CASES =
      List.of(
          new Case("x > 0", Predicate.greaterThan(0), x -> x > 0),
          new Case("x >= -3", Predicate.atLeast(-3), x -> x >= -3),
          new Case("x < 2.5", Predicate.lessThan(2.5), x -> x < 2.5),
          new Case("x <= 0", Predicate.atMost(0), x -> x <= 0),
          new Case("x == 0", Predicate.equalTo(0), x -> x == 0),
          new Case("x != 1", Predicate.notEqualTo(1), x -> x != 1),
          new Case("[-5, 5]", Predicate.between(-5, 5), x -> x >= -5 && x <= 5),
          new Case("[-5, 5)", Predicate.inRange(-5.0, 5.0), x -> x >= -5 && x < 5),
          new Case("notNaN (all kept for integers)", Predicate.notNaN(), x -> !Double.isNaN(x)),
          new Case("x > 1e300 (none kept)", Predicate.greaterThan(1e300), x -> x > 1e300),
          new Case(
              "x > -2.5 and x <= 5e9 (a long constant beyond every int)",
              Predicate.greaterThan(-2.5).and(Predicate.atMost(5_000_000_000L)),
              x -> x > -2.5 && x <= 5e9),
          new Case("x != 0.5 (no integer equals it)", Predicate.notEqualTo(0.5), x -> x != 0.5),
          new Case(
              "x < -100 or (x > 0 and x != 7)",
              Predicate.lessThan(-100).or(Predicate.greaterThan(0).and(Predicate.notEqualTo(7))),
              x -> x < -100 || (x > 0 && x != 7)),
          new Case(
              "notNaN and x >= 0",
              Predicate.notNaN().and(Predicate.atLeast(0.0)),
              x -> !Double.isNaN(x) && x >= 0));

  @BeforeAll
  final void requireSelect() {
    requireCapability("select or top-k", () -> backend().selector());
  }

  @TestFactory
  Stream<DynamicNode> selectAndPartition() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DType type : DType.values()) {
      for (Case c : CASES) {
        List<DynamicNode> tests = new ArrayList<>();
        for (int n : SIZES) {
          for (Pattern pattern : Pattern.values()) {
            tests.add(
                DynamicTest.dynamicTest(
                    "n=" + n + " " + pattern, () -> checkSelect(type, c, pattern, n)));
          }
        }
        nodes.add(DynamicContainer.dynamicContainer(type.id() + " " + c.name(), tests));
      }
    }
    return nodes.stream();
  }

  /**
   * Floats against double constants that no float equals (between two floats, beyond the float
   * range, below the smallest subnormal): a backend that compares in float must pick the right
   * neighbour. The values are those floats' neighbours, repeated past one compaction tile.
   */
  @TestFactory
  Stream<DynamicNode> floatsAgainstConstantsBetweenFloats() {
    double[] constants = {0.1, -0.1, 1e39, -1e39, 1e-46, -1e-46, 16777217.0};
    List<Float> near = new ArrayList<>();
    for (double d : constants) {
      float f = (float) d;
      for (float x : new float[] {Math.nextDown(f), f, Math.nextUp(f)}) {
        near.add(x);
        near.add(-x);
      }
    }
    near.addAll(List.of(Float.NaN, Float.MAX_VALUE, Float.MIN_VALUE, 0f, -0f));
    return comparisonTests(repeated(DType.FLOAT, near), constants).stream();
  }

  /**
   * Longs against floating constants, compared as Java does ({@code (double) x op d}), near the
   * places where the conversion to double rounds: 2^53, 2^60 (where 193 longs convert to the same
   * double), 2^63 and -2^63, and a predicate of 22 equalities that does not fit the integer
   * comparisons a device program writes them as (so it keeps its double comparisons). The values
   * repeat past one compaction tile.
   */
  @TestFactory
  Stream<DynamicNode> longsAgainstFloatingConstants() {
    double[] constants = {0.5, -2.5, 0x1p53, 0x1p53 + 2, 0x1p60, -0x1p60, 0x1p63, -0x1p63, 9.2e18};
    List<Long> near = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L, 2L));
    for (double d : constants) {
      long base = (long) d;
      for (long delta :
          new long[] {-200, -129, -128, -65, -64, -63, -2, -1, 0, 1, 2, 127, 128, 129}) {
        near.add(base + delta);
      }
    }
    Object values = repeated(DType.LONG, near);
    List<DynamicNode> tests = comparisonTests(values, constants);
    Predicate wide = Predicate.equalTo(0x1p60);
    double[] wideConstants = new double[22];
    for (int i = 0; i < wideConstants.length; i++) {
      wideConstants[i] = 0x1p60 + 1024.0 * i;
      wide = i == 0 ? wide : wide.or(Predicate.equalTo(wideConstants[i]));
    }
    Case wideCase =
        new Case(
            "22 equalities near 2^60",
            wide,
            x -> Arrays.stream(wideConstants).anyMatch(c -> x == c));
    tests.add(DynamicTest.dynamicTest(wideCase.name(), () -> checkValues(values, wideCase)));
    return tests.stream();
  }

  /** An array of {@code type} repeating {@code near} past one compaction tile. */
  private static Object repeated(DType type, List<? extends Number> near) {
    Object values = type.newArray(10_007);
    for (int i = 0; i < 10_007; i++) {
      Array.set(values, i, near.get(i % near.size()));
    }
    return values;
  }

  /** A test of each of the six comparisons with each of {@code constants} on {@code values}. */
  private List<DynamicNode> comparisonTests(Object values, double[] constants) {
    List<DynamicNode> tests = new ArrayList<>();
    for (double d : constants) {
      for (Case c : comparisonsWith(d)) {
        tests.add(DynamicTest.dynamicTest(c.name(), () -> checkValues(values, c)));
      }
    }
    return tests;
  }

  /** The six comparisons with the floating constant {@code d}. */
  private static List<Case> comparisonsWith(double d) {
    return List.of(
        new Case("x < " + d, Predicate.lessThan(d), x -> x < d),
        new Case("x <= " + d, Predicate.atMost(d), x -> x <= d),
        new Case("x > " + d, Predicate.greaterThan(d), x -> x > d),
        new Case("x >= " + d, Predicate.atLeast(d), x -> x >= d),
        new Case("x == " + d, Predicate.equalTo(d), x -> x == d),
        new Case("x != " + d, Predicate.notEqualTo(d), x -> x != d));
  }

  private void checkValues(Object values, Case c) {
    long[] bits = HostArrays.bits(values);
    boolean[] keep = new boolean[bits.length];
    for (int i = 0; i < keep.length; i++) {
      keep[i] = c.reference().test(Array.getDouble(values, i));
    }
    long[] expected = pick(values, keep, true);
    SelectResult<?> selected = Calls.select(prims(), values, c.predicate(), false);
    assertEquals(expected.length, selected.kept(), "kept count");
    assertArrayEquals(expected, HostArrays.bits(selected.values()), "kept values in order");
  }

  @TestFactory
  Stream<DynamicNode> selectByFlags() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DType type : DType.values()) {
      for (int n : SIZES) {
        nodes.add(DynamicTest.dynamicTest(type.id() + " n=" + n, () -> checkFlags(type, n)));
      }
    }
    return nodes.stream();
  }

  @TestFactory
  Stream<DynamicNode> topK() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DType type : DType.values()) {
      for (TopKOrder order : TopKOrder.values()) {
        List<DynamicNode> tests = new ArrayList<>();
        for (int n : TOP_K_SIZES) {
          for (Pattern pattern : Pattern.values()) {
            for (int k : new int[] {1, 100, n / 2, n - 1, n}) {
              if (k < 1 || k > n) {
                continue;
              }
              tests.add(
                  DynamicTest.dynamicTest(
                      "n=" + n + " k=" + k + " " + pattern,
                      () -> checkTopK(type, order, pattern, n, k)));
            }
          }
        }
        nodes.add(DynamicContainer.dynamicContainer(type.id() + " " + order, tests));
      }
    }
    return nodes.stream();
  }

  private void checkSelect(DType type, Case c, Pattern pattern, int n) {
    Object values = values(type, pattern, n, seed(type, pattern, n));
    Object before = HostArrays.copy(values);
    boolean[] keep = new boolean[n];
    for (int i = 0; i < n; i++) {
      keep[i] = c.reference().test(Array.getDouble(values, i));
    }
    long[] expectedKept = pick(values, keep, true);
    long[] expectedRest = pick(values, keep, false);
    Prims prims = prims();

    SelectResult<?> selected = Calls.select(prims, values, c.predicate(), false);
    assertEquals(expectedKept.length, selected.kept(), "kept count");
    assertArrayEquals(expectedKept, HostArrays.bits(selected.values()), "kept values in order");
    assertEquals(backendId(), selected.provenance().backend());

    SelectResult<?> parted = Calls.select(prims, values, c.predicate(), true);
    assertEquals(expectedKept.length, parted.kept(), "partition kept count");
    assertArrayEquals(
        concat(expectedKept, expectedRest), HostArrays.bits(parted.values()), "partition");
    assertArrayEquals(HostArrays.bits(before), HostArrays.bits(values), "the input is untouched");

    try (DeviceBuffer in = prims.upload(values);
        DeviceBuffer out = prims.allocate(type, n)) {
      SelectCount count = prims.select(in, c.predicate(), out);
      assertEquals(expectedKept.length, count.kept(), "kept count of buffers");
      assertArrayEquals(
          expectedKept, HostArrays.bits(download(prims, out, type, expectedKept.length)));
      SelectCount parts = prims.partition(in, c.predicate(), out);
      assertEquals(expectedKept.length, parts.kept(), "partition count of buffers");
      assertArrayEquals(
          concat(expectedKept, expectedRest), HostArrays.bits(download(prims, out, type, n)));
    }
  }

  private void checkFlags(DType type, int n) {
    Object values = values(type, Pattern.RANDOM, n, seed(type, Pattern.SPECIALS, n) + 3);
    SplittableRandom random = new SplittableRandom(n * 31L + 5);
    int[] flags = new int[n];
    boolean[] keep = new boolean[n];
    for (int i = 0; i < n; i++) {
      flags[i] = random.nextInt(4) == 0 ? 0 : random.nextInt() | 1;
      keep[i] = flags[i] != 0;
    }
    long[] expectedKept = pick(values, keep, true);
    long[] expectedRest = pick(values, keep, false);
    Prims prims = prims();
    SelectResult<?> selected = Calls.select(prims, values, flags, false);
    assertArrayEquals(expectedKept, HostArrays.bits(selected.values()));
    SelectResult<?> parted = Calls.select(prims, values, flags, true);
    assertEquals(expectedKept.length, parted.kept());
    assertArrayEquals(concat(expectedKept, expectedRest), HostArrays.bits(parted.values()));
    try (DeviceBuffer in = prims.upload(values);
        DeviceBuffer f = prims.upload(flags);
        DeviceBuffer out = prims.allocate(type, n)) {
      assertEquals(expectedKept.length, prims.select(in, f, out).kept());
      assertArrayEquals(
          expectedKept, HostArrays.bits(download(prims, out, type, expectedKept.length)));
      assertEquals(expectedKept.length, prims.partition(in, f, out).kept());
      assertArrayEquals(
          concat(expectedKept, expectedRest), HostArrays.bits(download(prims, out, type, n)));
    }
  }

  private void checkTopK(DType type, TopKOrder order, Pattern pattern, int n, int k) {
    Object values = values(type, pattern, n, seed(type, pattern, n) + 11);
    int[] expectedIndices =
        Arrays.copyOf(HostArrays.stableOrder(values, order == TopKOrder.LARGEST), k);
    Object expectedValues = HostArrays.gather(values, expectedIndices, k);
    Prims prims = prims();
    TopKResult<?> result = Calls.topK(prims, values, k, order);
    assertArrayEquals(HostArrays.bits(expectedValues), HostArrays.bits(result.values()), "values");
    assertArrayEquals(expectedIndices, result.indices(), "indices (ties by lower index)");
    assertEquals(backendId(), result.provenance().backend());
    try (DeviceBuffer in = prims.upload(values);
        DeviceBuffer v = prims.allocate(type, k);
        DeviceBuffer ix = prims.allocate(DType.INT, k)) {
      prims.topK(in, k, order, v, ix);
      assertArrayEquals(
          HostArrays.bits(expectedValues), HostArrays.bits(download(prims, v, type, k)));
      int[] got = new int[k];
      prims.download(ix, got);
      assertArrayEquals(expectedIndices, got, "indices of buffers");
    }
  }

  /**
   * Top-k of a length past the 1024 tiles of 2048 values a device kernel's grid covers at once (so
   * its blocks loop), with ties: floats of 2^20 levels in [0, 1) (the first digit already narrows
   * them), longs in [0, 50000) (equal in their top 47 bits, which the passes skip), ints in [0,
   * 1000) (only the lowest digit differs: thousands of values tie with the k-th) and ints in [-700,
   * 300) (the sign differs, the middle bits agree within each sign).
   */
  @TestFactory
  Stream<DynamicNode> topKOfMillions() {
    int n = (1 << 21) + 12345;
    SplittableRandom random = new SplittableRandom(n);
    float[] floats = new float[n];
    long[] longs = new long[n];
    int[] smallInts = new int[n];
    int[] signedInts = new int[n];
    for (int i = 0; i < n; i++) {
      floats[i] = random.nextInt(1 << 20) / (float) (1 << 20);
      longs[i] = random.nextLong(50_000);
      smallInts[i] = random.nextInt(1000);
      signedInts[i] = random.nextInt(1000) - 700;
    }
    return Stream.of(
        DynamicTest.dynamicTest(
            "float LARGEST k=100", () -> checkLargeTopK(floats, 100, TopKOrder.LARGEST)),
        DynamicTest.dynamicTest(
            "float SMALLEST k=20000 (candidates past the host-ranked size)",
            () -> checkLargeTopK(floats, 20000, TopKOrder.SMALLEST)),
        DynamicTest.dynamicTest(
            "long SMALLEST k=1000", () -> checkLargeTopK(longs, 1000, TopKOrder.SMALLEST)),
        DynamicTest.dynamicTest(
            "int in [0, 1000) SMALLEST k=100",
            () -> checkLargeTopK(smallInts, 100, TopKOrder.SMALLEST)),
        DynamicTest.dynamicTest(
            "int in [0, 1000) LARGEST k=5000",
            () -> checkLargeTopK(smallInts, 5000, TopKOrder.LARGEST)),
        DynamicTest.dynamicTest(
            "int in [-700, 300) SMALLEST k=100",
            () -> checkLargeTopK(signedInts, 100, TopKOrder.SMALLEST)),
        DynamicTest.dynamicTest(
            "int in [-700, 300) LARGEST k=3",
            () -> checkLargeTopK(signedInts, 3, TopKOrder.LARGEST)));
  }

  /** {@code values}: floats in [0, 1), longs in [0, 2^31) or ints. */
  private void checkLargeTopK(Object values, int k, TopKOrder order) {
    int n = Array.getLength(values);
    long[] byKey = new long[n]; // the value's order in the high 32 bits, the index in the low
    for (int i = 0; i < n; i++) {
      long v =
          values instanceof float[] f
              ? Float.floatToIntBits(f[i])
              : values instanceof int[] a ? a[i] : ((long[]) values)[i];
      byKey[i] = ((order == TopKOrder.SMALLEST ? v : -v) << 32) | i;
    }
    Arrays.sort(byKey);
    int[] expectedIndices = new int[k];
    for (int j = 0; j < k; j++) {
      expectedIndices[j] = (int) byKey[j];
    }
    Object expectedValues = HostArrays.gather(values, expectedIndices, k);
    TopKResult<?> result = Calls.topK(prims(), values, k, order);
    assertArrayEquals(HostArrays.bits(expectedValues), HostArrays.bits(result.values()), "values");
    assertArrayEquals(expectedIndices, result.indices(), "indices (ties by lower index)");
  }

  @Test
  void badArgumentsAreRefusedNamingThem() {
    Prims prims = prims();
    int[] values = {3, 1, 2};
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> prims.topK(values, 0, TopKOrder.LARGEST));
    assertTrue(
        e.getMessage().contains("k = 0") && e.getMessage().contains("n = 3"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> prims.topK(values, 4, TopKOrder.SMALLEST));
    assertTrue(e.getMessage().contains("k = 4"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> prims.select(values, (Predicate) null));
    e = assertThrows(IllegalArgumentException.class, () -> prims.select(values, new int[] {1, 0}));
    assertTrue(e.getMessage().contains("2") && e.getMessage().contains("3"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Predicate.between(5.0, 1.0));
    assertTrue(e.getMessage().contains("5.0") && e.getMessage().contains("1.0"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Predicate.lessThan(Double.NaN));
    try (DeviceBuffer in = prims.upload(new float[] {1, 2, 3});
        DeviceBuffer wrong = prims.allocate(DType.FLOAT, 2);
        DeviceBuffer idx = prims.allocate(DType.INT, 2)) {
      e =
          assertThrows(
              IllegalArgumentException.class,
              () -> prims.select(in, Predicate.greaterThan(0), wrong));
      assertTrue(e.getMessage().contains("length 2"), e.getMessage());
      e =
          assertThrows(
              IllegalArgumentException.class,
              () -> prims.topK(in, 3, TopKOrder.LARGEST, wrong, idx));
      assertTrue(e.getMessage().contains("k = 3"), e.getMessage());
    }
  }

  // ---- data and references ----

  static long seed(DType type, Pattern pattern, int n) {
    return type.ordinal() * 1_000_003L + pattern.ordinal() * 7919L + n;
  }

  /** Values in [-20, 20) (random), few distinct values, or specials mixed into random values. */
  static Object values(DType type, Pattern pattern, int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] specials = {
      Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1, 7, -1000
    };
    Object out = Array.newInstance(type.arrayClass().getComponentType(), n);
    for (int i = 0; i < n; i++) {
      double x =
          switch (pattern) {
            case RANDOM -> random.nextInt(-20, 20) + (type.isFloating() ? random.nextDouble() : 0);
            case FEW_DISTINCT -> random.nextInt(-2, 3);
            default ->
                random.nextInt(4) == 0
                    ? specials[random.nextInt(specials.length)]
                    : random.nextInt(-200, 200);
          };
      switch (type) {
        case INT -> Array.setInt(out, i, Double.isNaN(x) ? 0 : (int) x);
        case LONG -> Array.setLong(out, i, Double.isNaN(x) ? Long.MIN_VALUE : (long) x);
        case FLOAT -> Array.setFloat(out, i, (float) x);
        default -> Array.setDouble(out, i, x);
      }
    }
    return out;
  }

  private static long[] pick(Object values, boolean[] keep, boolean kept) {
    long[] all = HostArrays.bits(values);
    int count = 0;
    long[] out = new long[all.length];
    for (int i = 0; i < all.length; i++) {
      if (keep[i] == kept) {
        out[count++] = all[i];
      }
    }
    return Arrays.copyOf(out, count);
  }

  private static long[] concat(long[] a, long[] b) {
    long[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static Object download(Prims prims, DeviceBuffer buffer, DType type, int length) {
    Object out = Array.newInstance(type.arrayClass().getComponentType(), length);
    if (length > 0) {
      prims.download(buffer, out, 0, length);
    }
    return out;
  }
}
