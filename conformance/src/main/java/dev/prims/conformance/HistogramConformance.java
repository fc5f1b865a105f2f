package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Histograms of int and long keys (negative and too-large keys out of range) and of float and
 * double values in even bins (edges exactly: lower in bin 0, upper out of range, -0.0 in bin 0, NaN
 * out), on every size with the default variant and a subset on every other variant. Counts and the
 * out-of-range count must be exact.
 */
public abstract class HistogramConformance extends BackendConformance {
  private static final int[] KEY_BINS = {1, 7, 256, 4099};
  private static final List<HistogramSpec> EVEN_SPECS =
      List.of(
          HistogramSpec.even(1, 0, 1),
          HistogramSpec.even(10, -3.5, 7.25),
          HistogramSpec.even(256, 0, 1),
          HistogramSpec.even(1000, -1e6, 1e-3),
          HistogramSpec.even(4099, -2, 3));

  /** Shapes of histogram input. */
  enum Shape {
    RANDOM,
    CONSTANT,
    EDGES,
    EXTREME
  }

  @TestFactory
  Stream<DynamicNode> defaultVariant() {
    return Stream.of(
        container("int keys", prims(), null, DType.INT, Sizes.all(), false),
        container("long keys", prims(), null, DType.LONG, Sizes.all(), false),
        container("float even", prims(), null, DType.FLOAT, Sizes.all(), false),
        container("double even", prims(), null, DType.DOUBLE, Sizes.all(), false));
  }

  @TestFactory
  Stream<DynamicNode> everyVariant() {
    List<Integer> sizes = Sizes.variantSubset();
    return perVariant(
        Primitive.HISTOGRAM,
        (variant, view) ->
            Stream.of(
                container("int keys", view, variant, DType.INT, sizes, true),
                container("long keys", view, variant, DType.LONG, sizes, true),
                container("float even", view, variant, DType.FLOAT, sizes, true),
                container("double even", view, variant, DType.DOUBLE, sizes, true)));
  }

  @TestFactory
  Stream<DynamicNode> everyVariantOnDeviceBuffers() {
    List<DynamicNode> tests = new ArrayList<>();
    for (String variant : variants(Primitive.HISTOGRAM)) {
      for (DType type : DType.values()) {
        HistogramSpec spec =
            type.isFloating() ? HistogramSpec.even(256, -1, 1) : HistogramSpec.keys(256);
        for (int n : Sizes.bufferSubset()) {
          tests.add(
              DynamicTest.dynamicTest(
                  variant + " " + type.id() + " n=" + n,
                  () -> checkHistogramOnBuffers(variant, type, spec, n)));
        }
      }
    }
    return tests.stream();
  }

  private void checkHistogramOnBuffers(String variant, DType type, HistogramSpec spec, int n) {
    Object data = data(type, spec, Shape.RANDOM, n, TestData.seed("histogram-buffer", type, n));
    Prims view = prims().variant(Primitive.HISTOGRAM, variant);
    String what = backendId() + " " + variant + " histogram of a device buffer of " + n;
    try (DeviceBuffer values = view.upload(data);
        DeviceBuffer counts = view.allocate(DType.LONG, spec.bins())) {
      long outOfRange = view.histogram(values, spec, counts);
      long[] downloaded = new long[spec.bins()];
      view.download(counts, downloaded);
      expectHistogram(
          data,
          spec,
          new HistogramResult(downloaded, outOfRange, new dev.prims.Provenance("", "", "", "")),
          what + " " + type.id());
    }
  }

  private DynamicNode container(
      String name, Prims view, String variant, DType type, List<Integer> sizes, boolean subset) {
    List<HistogramSpec> specs = new ArrayList<>();
    if (type.isFloating()) {
      specs.addAll(subset ? List.of(EVEN_SPECS.get(2), EVEN_SPECS.get(1)) : EVEN_SPECS);
    } else {
      for (int bins : subset ? new int[] {256, 7} : KEY_BINS) {
        specs.add(HistogramSpec.keys(bins));
      }
    }
    List<DynamicNode> tests = new ArrayList<>();
    for (HistogramSpec spec : specs) {
      for (Shape shape : Shape.values()) {
        if (subset && shape != Shape.RANDOM && shape != Shape.EDGES) {
          continue;
        }
        for (int n : sizes) {
          tests.add(
              DynamicTest.dynamicTest(
                  spec + " " + shape.name().toLowerCase(java.util.Locale.ROOT) + " n=" + n,
                  () -> checkHistogram(view, variant, type, spec, shape, n)));
        }
      }
    }
    return DynamicContainer.dynamicContainer(name, tests.stream());
  }

  private void checkHistogram(
      Prims view, String variant, DType type, HistogramSpec spec, Shape shape, int n) {
    Object data = data(type, spec, shape, n, TestData.seed("histogram", type, spec, shape, n));
    String what =
        describe(
            variant, "histogram " + spec, n, shape.name().toLowerCase(java.util.Locale.ROOT), type);
    HistogramResult result = Calls.histogram(view, data, spec);
    assertProvenance(result.provenance(), variant, what);
    expectHistogram(data, spec, result, what);
  }

  /** Asserts {@code result} counts {@code data} exactly like the reference. */
  protected final void expectHistogram(
      Object data, HistogramSpec spec, HistogramResult result, String what) {
    Reference.Histogram expected = Reference.histogram(data, spec);
    assertEquals(spec.bins(), result.counts().length, what + ": number of bins");
    int at = java.util.Arrays.mismatch(expected.counts(), result.counts());
    if (at >= 0) {
      assertEquals(expected.counts()[at], result.counts()[at], what + ": count of bin " + at);
    }
    assertEquals(expected.outOfRange(), result.outOfRange(), what + ": out-of-range count");
  }

  /**
   * {@code n} integer keys shaped like {@code shape}: all {@code constant}, picks from {@code
   * extremes}, or drawn from {@code spread}.
   */
  private static long[] integerKeys(
      Shape shape, int n, long constant, long[] extremes, LongSupplier spread, SplittableRandom r) {
    long[] keys = new long[n];
    for (int i = 0; i < n; i++) {
      keys[i] =
          switch (shape) {
            case CONSTANT -> constant;
            case EDGES, EXTREME -> extremes[r.nextInt(extremes.length)];
            default -> spread.getAsLong();
          };
    }
    return keys;
  }

  /** Histogram input of {@code type} shaped like {@code shape} for {@code spec}. */
  static Object data(DType type, HistogramSpec spec, Shape shape, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int bins = spec.bins();
    switch (type) {
      case INT:
        {
          long[] extremes = {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, bins - 1, bins, bins + 1};
          long[] keys =
              integerKeys(
                  shape,
                  n,
                  bins / 2,
                  extremes,
                  () -> r.nextInt(-bins / 8 - 2, bins + bins / 8 + 2),
                  r);
          return Arrays.stream(keys).mapToInt(k -> (int) k).toArray();
        }
      case LONG:
        {
          long[] extremes = {
            Long.MIN_VALUE,
            Long.MAX_VALUE,
            -1,
            0,
            bins - 1,
            bins,
            (1L << 32),
            (1L << 32) + 1,
            -(1L << 32) + 3,
            Integer.MAX_VALUE + 1L
          };
          return integerKeys(
              shape,
              n,
              bins - 1,
              extremes,
              () -> r.nextLong(-bins / 8 - 2, bins + bins / 8 + 2),
              r);
        }
      default:
        {
          double[] edges = edgeValues(type, spec);
          double lo = spec.lower();
          double width = spec.upper() - spec.lower();
          double[] values = new double[n];
          for (int i = 0; i < n; i++) {
            switch (shape) {
              case CONSTANT:
                values[i] = lo + width / 3;
                break;
              case EDGES:
                values[i] =
                    r.nextInt(4) == 0
                        ? lo + width * (r.nextInt(bins + 1)) / bins
                        : edges[r.nextInt(edges.length)];
                break;
              case EXTREME:
                values[i] = extreme(type, r);
                break;
              default:
                values[i] = lo - 0.1 * width + 1.2 * width * r.nextDouble();
            }
          }
          return asType(type, values);
        }
    }
  }

  /**
   * Values at and next to every edge of the spec in {@code type}'s precision: lower, upper, their
   * neighbours, the bin boundaries and their neighbours, signed zeros, NaN and infinities.
   */
  static double[] edgeValues(DType type, HistogramSpec spec) {
    List<Double> v = new ArrayList<>();
    int bins = spec.bins();
    double lo = spec.lower();
    double hi = spec.upper();
    int step = Math.max(1, bins / 64);
    for (int b = 0; b <= bins; b += step) {
      double edge = b == bins ? hi : lo + (hi - lo) * b / bins;
      addWithNeighbours(v, type, edge);
    }
    addWithNeighbours(v, type, lo);
    addWithNeighbours(v, type, hi);
    v.add(0.0);
    v.add(-0.0);
    v.add(Double.NaN);
    v.add(Double.POSITIVE_INFINITY);
    v.add(Double.NEGATIVE_INFINITY);
    return v.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static void addWithNeighbours(List<Double> v, DType type, double x) {
    if (type == DType.FLOAT) {
      float f = (float) x;
      v.add((double) f);
      v.add((double) Math.nextDown(f));
      v.add((double) Math.nextUp(f));
    } else {
      v.add(x);
      v.add(Math.nextDown(x));
      v.add(Math.nextUp(x));
    }
  }

  private static double extreme(DType type, SplittableRandom r) {
    double max = type == DType.FLOAT ? Float.MAX_VALUE : Double.MAX_VALUE;
    double min = type == DType.FLOAT ? Float.MIN_VALUE : Double.MIN_VALUE;
    double[] pool = {
      max,
      -max,
      min,
      -min,
      0.0,
      -0.0,
      Double.NaN,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY
    };
    return r.nextInt(3) == 0 ? r.nextDouble() : pool[r.nextInt(pool.length)];
  }

  @Test
  void edgesLandInTheDocumentedBins() {
    for (String variant : variants(Primitive.HISTOGRAM)) {
      Prims view = prims().variant(Primitive.HISTOGRAM, variant);
      HistogramSpec spec = HistogramSpec.even(4, -1, 1);
      float[] f = {-1f, -0.0f, 0.0f, Math.nextDown(1f), 1f, Float.NaN, Math.nextDown(-1f), 0.5f};
      HistogramResult hf = view.histogram(f, spec);
      assertArrayEquals(new long[] {1, 0, 2, 2}, hf.counts(), variant + " float edges");
      assertEquals(3, hf.outOfRange(), variant + " float out of range");
      double[] d = {0.0, -0.0, 10.0, Math.nextDown(10.0), Double.NaN, -1e-300, 5.0};
      HistogramResult hd = view.histogram(d, HistogramSpec.even(2, 0.0, 10.0));
      assertArrayEquals(new long[] {2, 2}, hd.counts(), variant + " double edges");
      assertEquals(3, hd.outOfRange(), variant + " double out of range");
      HistogramResult hk = view.histogram(new long[] {-1, 0, 3, 4, 1L << 32, 3 + (1L << 32)}, 4);
      assertArrayEquals(new long[] {1, 0, 0, 1}, hk.counts(), variant + " long keys");
      assertEquals(4, hk.outOfRange(), variant + " long keys out of range");
    }
  }

  @Test
  void manyBinsAndLargeInputs() {
    for (String variant : variants(Primitive.HISTOGRAM)) {
      Prims view = prims().variant(Primitive.HISTOGRAM, variant);
      for (int bins : new int[] {65_537, 1 << 20}) {
        HistogramSpec keys = HistogramSpec.keys(bins);
        Object data = data(DType.INT, keys, Shape.RANDOM, Sizes.LARGE, bins);
        expectHistogram(
            data, keys, Calls.histogram(view, data, keys), variant + " int keys, bins=" + bins);
        HistogramSpec even = HistogramSpec.even(bins, -5, 5);
        Object values = data(DType.FLOAT, even, Shape.RANDOM, Sizes.LARGE, bins);
        expectHistogram(
            values, even, Calls.histogram(view, values, even), variant + " float, bins=" + bins);
      }
    }
  }

  @Test
  void badSpecsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> prims().histogram(new int[] {1}, 0));
    assertThrows(IllegalArgumentException.class, () -> prims().histogram(new int[] {1}, -3));
    assertThrows(IllegalArgumentException.class, () -> HistogramSpec.even(4, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> HistogramSpec.even(4, 2, 1));
    assertThrows(IllegalArgumentException.class, () -> HistogramSpec.even(4, 0, Double.NaN));
    assertThrows(
        IllegalArgumentException.class, () -> HistogramSpec.even(4, Double.NEGATIVE_INFINITY, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> prims().histogram(new float[] {1f}, HistogramSpec.even(4, 1.0, 1.0 + 1e-12)));
    assertEquals(0, prims().histogram(new double[0], HistogramSpec.even(3, 0, 1)).total());
  }

  /**
   * Ranges whose bin width is below the element type's smallest normal number are rejected before
   * any kernel runs (their scale would overflow); the narrowest accepted ranges, fed subnormals,
   * zeros of both signs, NaN, infinities and every edge, count exactly like {@link
   * dev.prims.EvenBins} on every variant.
   */
  @Test
  void narrowestRangesAreRejectedOrCountedExactly() {
    for (String variant : variants(Primitive.HISTOGRAM)) {
      Prims view = prims().variant(Primitive.HISTOGRAM, variant);
      float[] zero = {0f};
      assertThrows(
          IllegalArgumentException.class,
          () -> view.histogram(zero, HistogramSpec.even(4, 0, 1e-45)),
          variant + " float width 2.5e-46");
      assertThrows(
          IllegalArgumentException.class,
          () -> view.histogram(new float[] {5e-39f}, HistogramSpec.even(4, 0, 1e-38)),
          variant + " float width 2.5e-39 (subnormal)");
      assertThrows(IllegalArgumentException.class, () -> HistogramSpec.even(4, 0, 4.9e-324));
      assertThrows(
          IllegalArgumentException.class, () -> HistogramSpec.even(4, 0, 3 * Double.MIN_NORMAL));
      for (int bins : new int[] {1, 4, 1000}) {
        HistogramSpec floatSpec = HistogramSpec.even(bins, 0, (double) bins * Float.MIN_NORMAL);
        HistogramSpec shifted =
            HistogramSpec.even(bins, -Float.MIN_NORMAL, (bins - 1.0) * Float.MIN_NORMAL);
        HistogramSpec doubleSpec = HistogramSpec.even(bins, 0, bins * Double.MIN_NORMAL);
        for (HistogramSpec spec : List.of(floatSpec, shifted)) {
          Object values = tinyValues(DType.FLOAT, spec, 4099, bins);
          expectHistogram(
              values, spec, Calls.histogram(view, values, spec), variant + " float " + spec);
        }
        Object values = tinyValues(DType.DOUBLE, doubleSpec, 4099, bins);
        expectHistogram(
            values,
            doubleSpec,
            Calls.histogram(view, values, doubleSpec),
            variant + " double " + doubleSpec);
      }
    }
  }

  /** Edge values of {@code spec}, subnormals and extremes of {@code type}, in random order. */
  private static Object tinyValues(DType type, HistogramSpec spec, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] edges = edgeValues(type, spec);
    double min = type == DType.FLOAT ? Float.MIN_VALUE : Double.MIN_VALUE;
    double[] pool = {min, -min, 3 * min, 2.5 * spec.upper(), -spec.upper(), Double.MAX_VALUE};
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] =
          r.nextBoolean()
              ? edges[r.nextInt(edges.length)]
              : r.nextBoolean()
                  ? pool[r.nextInt(pool.length)]
                  : spec.lower() + (spec.upper() - spec.lower()) * r.nextDouble();
    }
    return asType(type, v);
  }

  /** {@code values} as an array of the floating {@code type}: rounded to float for FLOAT. */
  private static Object asType(DType type, double[] values) {
    if (type != DType.FLOAT) {
      return values;
    }
    float[] f = new float[values.length];
    for (int i = 0; i < values.length; i++) {
      f[i] = (float) values[i];
    }
    return f;
  }

  @AddLifecycleHook(BackendPropertyHook.class)
  @Property(tries = 50, seed = "20261124")
  void intKeysMatchTheReference(
      @ForAll @Size(max = 5000) int[] keys, @ForAll @IntRange(min = 1, max = 600) int bins) {
    HistogramSpec spec = HistogramSpec.keys(bins);
    expectHistogram(keys, spec, prims().histogram(keys, bins), "property: " + bins + " bins");
  }
}
