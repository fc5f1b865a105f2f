package dev.prims.app.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.conformance.Calls;
import dev.prims.conformance.Checks;
import dev.prims.conformance.Reference;
import java.lang.reflect.Array;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Differential testing: random sizes, data and special values (NaN, infinities, signed zeros,
 * subnormals, extremes) on every available backend against the cpu backend, with a fixed seed and a
 * bounded number of tries. Integers, MIN/MAX and histograms must match exactly; floating sums,
 * scans and dots must lie within each backend's stated bound of the exact value; reproducible-mode
 * floating sums and dots must match the cpu backend bit for bit. The cpu backend itself is among
 * the backends checked (its floating results against the exact value), so the test means something
 * on a machine with no other backend.
 */
class DifferentialTest {
  private static final String SEED = "20261122";
  private static final int TRIES = 80;
  private static Prims engine;
  private static List<String> others;

  /** One input: type, length, seed of its values and how often a special value appears. */
  record Input(DType type, int n, long seed, int specialsPerThousand) {
    Object array() {
      return values(type, n, seed, specialsPerThousand, true);
    }

    /** A second array of the same type and length (for dot). */
    Object other() {
      return values(type, n, ~seed, specialsPerThousand, true);
    }

    Object finite() {
      return values(type, n, seed, 0, false);
    }

    @Override
    public String toString() {
      return type.id() + "[" + n + "] seed " + seed + ", specials " + specialsPerThousand + "/1000";
    }
  }

  private static synchronized Prims engine() {
    if (engine == null) {
      engine = Prims.create(PrimsConfig.empty());
      others = AvailableBackends.of(engine);
    }
    return engine;
  }

  private static List<String> others() {
    engine();
    return others;
  }

  @AfterContainer
  static synchronized void closeEngine() {
    if (engine != null) {
      engine.close();
      engine = null;
    }
  }

  @Provide
  Arbitrary<Input> inputs() {
    Arbitrary<Integer> sizes =
        Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(4, Arbitraries.integers().between(0, 300)),
            net.jqwik.api.Tuple.of(
                3, Arbitraries.of(255, 256, 257, 1023, 1024, 1025, 4095, 4097, 65535, 65537)),
            net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(300, 100_000)));
    return Combinators.combine(
            Arbitraries.of(DType.class), sizes, Arbitraries.longs(), Arbitraries.of(0, 1, 20, 200))
        .as(Input::new);
  }

  @Provide
  Arbitrary<ReduceOp> reduceOps() {
    return Arbitraries.of(ReduceOp.SUM, ReduceOp.MIN, ReduceOp.MAX);
  }

  @Property(tries = TRIES, seed = SEED)
  void reduceAgreesWithCpu(@ForAll("inputs") Input input, @ForAll("reduceOps") ReduceOp op) {
    Object data = input.array();
    Prims cpu = engine().backend("cpu");
    if (input.n() == 0 && op != ReduceOp.SUM) {
      for (String id : others()) {
        assertThrows(
            IllegalArgumentException.class, () -> Calls.reduce(engine.backend(id), data, op));
      }
      return;
    }
    Number expected = Calls.reduce(cpu, data, op).value();
    for (String id : others()) {
      Prims target = engine.backend(id);
      Number actual = Calls.reduce(target, data, op).value();
      String what = op + " of " + input + " on " + id;
      if (input.type().isFloating() && op == ReduceOp.SUM) {
        Checks.assertSum(
            input.type(), actual.doubleValue(), Reference.sum(data), bound(target, input), what);
      } else {
        Checks.assertSameValue(input.type(), expected, actual, what);
      }
    }
  }

  @Property(tries = TRIES, seed = SEED)
  void scanAgreesWithCpu(@ForAll("inputs") Input input, @ForAll("reduceOps") ReduceOp op) {
    Object data = input.array();
    for (ScanKind kind : ScanKind.values()) {
      Object expected = Calls.scan(engine().backend("cpu"), data, op, kind).values();
      for (String id : others()) {
        Prims target = engine.backend(id);
        Object actual = Calls.scan(target, data, op, kind).values();
        String what = kind + " " + op + " scan of " + input + " on " + id;
        assertEquals(input.n(), Array.getLength(actual), what);
        if (input.type().isFloating() && op == ReduceOp.SUM) {
          String error =
              Checks.prefixSumError(
                  input.type(), data, actual, kind == ScanKind.INCLUSIVE, bound(target, input));
          if (error != null) {
            fail(what + " at " + error);
          }
        } else {
          Checks.assertSameBits(expected, actual, what);
        }
      }
    }
  }

  @Property(tries = TRIES, seed = SEED)
  void histogramAgreesWithCpu(@ForAll("inputs") Input input) {
    int bins = 1 + (int) Math.floorMod(input.seed(), 700L);
    Object data;
    HistogramSpec spec;
    if (input.type().isFloating()) {
      data = input.array();
      spec = HistogramSpec.even(bins, -1e3, 1e3);
    } else {
      SplittableRandom r = new SplittableRandom(input.seed());
      data =
          input.type() == DType.INT
              ? r.ints(input.n(), -3, bins + 3).toArray()
              : r.longs(input.n(), -3, bins + 3L).toArray();
      spec = HistogramSpec.keys(bins);
    }
    HistogramResult expected = Calls.histogram(engine().backend("cpu"), data, spec);
    for (String id : others()) {
      HistogramResult actual = Calls.histogram(engine.backend(id), data, spec);
      String what = "histogram of " + input + " in " + bins + " bins on " + id;
      assertArrayEquals(expected.counts(), actual.counts(), what);
      assertEquals(expected.outOfRange(), actual.outOfRange(), what + ": out of range");
    }
  }

  @Property(tries = TRIES, seed = SEED)
  void dotAgreesWithCpu(@ForAll("inputs") Input input) {
    Object a = input.array();
    Object b = input.other();
    Number expected = Calls.dot(engine().backend("cpu"), a, b).value();
    for (String id : others()) {
      Prims target = engine.backend(id);
      Number actual = Calls.dot(target, a, b).value();
      String what = "dot of " + input + " on " + id;
      if (input.type().isFloating()) {
        Checks.assertSum(
            input.type(),
            actual.doubleValue(),
            Reference.dot(a, b),
            bound(target, input) + 1,
            what);
      } else {
        Checks.assertSameValue(input.type(), expected, actual, what);
      }
    }
  }

  @Property(tries = TRIES, seed = SEED)
  void reproducibleSumsAndDotsMatchCpuBitForBit(@ForAll("inputs") Input input) {
    if (!input.type().isFloating()) {
      return;
    }
    Object data = input.finite();
    Object other = values(input.type(), input.n(), ~input.seed(), 0, false);
    Prims cpu = engine().backend("cpu").determinism(Determinism.REPRODUCIBLE);
    Number sum = Calls.reduce(cpu, data, ReduceOp.SUM).value();
    Number dot = Calls.dot(cpu, data, other).value();
    for (String id : others()) {
      Prims target = engine.backend(id).determinism(Determinism.REPRODUCIBLE);
      Checks.assertSameValue(
          input.type(),
          sum,
          Calls.reduce(target, data, ReduceOp.SUM).value(),
          "reproducible sum of " + input + " on " + id);
      Checks.assertSameValue(
          input.type(),
          dot,
          Calls.dot(target, data, other).value(),
          "reproducible dot of " + input + " on " + id);
    }
  }

  private static long bound(Prims target, Input input) {
    return target.primaryBackend().sequentialChain(input.type(), input.n())
        + Checks.ceilLog2(input.n());
  }

  static final double[] DOUBLE_SPECIALS = {
    Double.NaN,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    -0.0,
    0.0,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    1e300,
    -1e-300
  };
  static final float[] FLOAT_SPECIALS = {
    Float.NaN,
    Float.POSITIVE_INFINITY,
    Float.NEGATIVE_INFINITY,
    -0.0f,
    0.0f,
    Float.MIN_VALUE,
    -Float.MIN_VALUE,
    Float.MIN_NORMAL,
    Float.MAX_VALUE,
    -Float.MAX_VALUE,
    1e30f,
    -1e-30f
  };
  private static final long[] LONG_SPECIALS = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, 1};
  private static final int[] INT_SPECIALS = {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1};

  /** Values of {@code type}: mostly ordinary, {@code perThousand} special values mixed in. */
  static Object values(DType type, int n, long seed, int perThousand, boolean wide) {
    SplittableRandom r = new SplittableRandom(seed);
    double scale = wide ? Math.pow(10, r.nextInt(-3, 7)) : 1;
    Object specials = specials(type);
    int count = Array.getLength(specials);
    Object values = type.newArray(n);
    for (int i = 0; i < n; i++) {
      Array.set(
          values,
          i,
          r.nextInt(1000) < perThousand
              ? Array.get(specials, r.nextInt(count))
              : ordinary(type, r, scale));
    }
    return values;
  }

  private static Object specials(DType type) {
    return switch (type) {
      case INT -> INT_SPECIALS;
      case LONG -> LONG_SPECIALS;
      case FLOAT -> FLOAT_SPECIALS;
      case DOUBLE -> DOUBLE_SPECIALS;
    };
  }

  /** An ordinary value: any int or long, a float or double in (-scale, scale). */
  private static Number ordinary(DType type, SplittableRandom r, double scale) {
    return switch (type) {
      case INT -> (Number) r.nextInt();
      case LONG -> (Number) r.nextLong();
      case FLOAT -> (Number) (float) (r.nextDouble(-1, 1) * scale);
      case DOUBLE -> (Number) (r.nextDouble(-1, 1) * scale);
    };
  }
}
