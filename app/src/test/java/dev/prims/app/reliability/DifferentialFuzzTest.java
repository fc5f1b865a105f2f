package dev.prims.app.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.prims.DType;
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
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;

/**
 * Differential fuzz target: fuzzer-chosen lengths, values (NaN, infinities, signed zeros,
 * subnormals, extremes and any bit pattern) and histogram specs (extreme, tiny and subnormal
 * bounds), on every available backend against the cpu backend, under the conformance rules:
 * integers, MIN/MAX and histograms exact, floating sums, scans and dots within each backend's
 * stated bound of the exact value, and a spec or call the cpu backend rejects rejected everywhere.
 */
class DifferentialFuzzTest {
  /** The differential test's special values of both types, and narrow histogram bounds. */
  private static final double[] DOUBLES =
      DoubleStream.concat(
              DoubleStream.of(DifferentialTest.DOUBLE_SPECIALS),
              DoubleStream.concat(
                  IntStream.range(0, DifferentialTest.FLOAT_SPECIALS.length)
                      .mapToDouble(i -> DifferentialTest.FLOAT_SPECIALS[i]),
                  DoubleStream.of(1, -1, 1e-38, 1e-45, -Double.MIN_NORMAL)))
          .toArray();

  private static Prims engine;
  private static List<String> backends;

  private static synchronized Prims engine() {
    if (engine == null) {
      engine = Prims.create(PrimsConfig.builder().backend("cpu").build());
      backends = AvailableBackends.of(engine);
    }
    return engine;
  }

  private static double number(FuzzedDataProvider data) {
    return data.consumeBoolean() ? data.pickValue(DOUBLES) : data.consumeDouble();
  }

  /** An array of {@code type}: special values or raw bit patterns, as the fuzzer chooses. */
  private static Object values(FuzzedDataProvider data, DType type, int n) {
    Object array = Array.newInstance(type.arrayClass().getComponentType(), n);
    for (int i = 0; i < n && data.remainingBytes() > 0; i++) {
      switch (type) {
        case INT:
          Array.setInt(array, i, data.consumeInt());
          break;
        case LONG:
          Array.setLong(array, i, data.consumeLong());
          break;
        case FLOAT:
          Array.setFloat(
              array,
              i,
              data.consumeBoolean()
                  ? (float) data.pickValue(DOUBLES)
                  : Float.intBitsToFloat(data.consumeInt()));
          break;
        default:
          Array.setDouble(
              array,
              i,
              data.consumeBoolean()
                  ? data.pickValue(DOUBLES)
                  : Double.longBitsToDouble(data.consumeLong()));
      }
    }
    return array;
  }

  @FuzzTest
  void everyBackendAgreesWithCpu(FuzzedDataProvider data) {
    Prims prims = engine();
    DType type = data.pickValue(DType.values());
    int n = data.consumeInt(0, 2100);
    int primitive = data.consumeInt(0, 3);
    ReduceOp op = data.pickValue(new ReduceOp[] {ReduceOp.SUM, ReduceOp.MIN, ReduceOp.MAX});
    int bins = data.consumeInt(1, 1025);
    double lower = number(data);
    double upper =
        data.consumeBoolean() ? Math.nextUp(lower) * data.consumeInt(1, 8) : number(data);
    Object a = values(data, type, n);
    Object b = values(data, type, n);
    if (primitive == 2 && !type.isFloating() && data.consumeBoolean()) {
      for (int i = 0; i < n; i++) {
        long key = Array.getLong(a, i);
        long folded = Math.floorMod(key, bins + 4L) - 2;
        if (type == DType.INT) {
          Array.setInt(a, i, (int) folded);
        } else {
          Array.setLong(a, i, folded);
        }
      }
    }
    for (String id : backends) {
      Prims target = prims.backend(id);
      String what = primitive + " of " + type.id() + "[" + n + "] " + op + " on " + id;
      switch (primitive) {
        case 0:
          reduce(target, type, a, op, what);
          break;
        case 1:
          scan(target, type, a, op, what);
          break;
        case 2:
          histogram(prims.backend("cpu"), target, type, a, bins, lower, upper, what);
          break;
        default:
          dot(prims.backend("cpu"), target, type, a, b, what);
      }
    }
  }

  private static long bound(Prims target, DType type, int n) {
    return target.primaryBackend().sequentialChain(type, n) + Checks.ceilLog2(n);
  }

  private static void reduce(Prims target, DType type, Object a, ReduceOp op, String what) {
    if (Array.getLength(a) == 0 && op != ReduceOp.SUM) {
      assertThrows(IllegalArgumentException.class, () -> Calls.reduce(target, a, op), what);
      return;
    }
    Number actual = Calls.reduce(target, a, op).value();
    if (type.isFloating() && op == ReduceOp.SUM) {
      Checks.assertSum(
          type,
          actual.doubleValue(),
          Reference.sum(a),
          bound(target, type, Array.getLength(a)),
          what);
    } else {
      Checks.assertSameValue(type, Reference.fold(a, op), actual, what);
    }
  }

  private static void scan(Prims target, DType type, Object a, ReduceOp op, String what) {
    Object actual = Calls.scan(target, a, op, ScanKind.INCLUSIVE).values();
    int n = Array.getLength(a);
    assertEquals(n, Array.getLength(actual), what);
    if (type.isFloating() && op == ReduceOp.SUM) {
      String error = Checks.prefixSumError(type, a, actual, true, bound(target, type, n));
      if (error != null) {
        fail(what + " at " + error);
      }
    } else {
      Object expected = Reference.scan(a, op, true);
      for (int i = 0; i < n; i++) {
        Checks.assertSameValue(
            type,
            (Number) Array.get(expected, i),
            (Number) Array.get(actual, i),
            what + " at " + i);
      }
    }
  }

  private static void histogram(
      Prims cpu,
      Prims target,
      DType type,
      Object a,
      int bins,
      double lower,
      double upper,
      String what) {
    HistogramSpec spec;
    HistogramResult expected;
    try {
      spec = type.isFloating() ? HistogramSpec.even(bins, lower, upper) : HistogramSpec.keys(bins);
      expected = Calls.histogram(cpu, a, spec);
    } catch (IllegalArgumentException rejected) {
      return; // rejected before any backend runs: the same for every backend
    }
    HistogramResult actual = Calls.histogram(target, a, spec);
    String described = what + " " + spec;
    Reference.Histogram reference = Reference.histogram(a, spec);
    assertArrayEquals(reference.counts(), expected.counts(), described + " (cpu)");
    assertArrayEquals(expected.counts(), actual.counts(), described);
    assertEquals(expected.outOfRange(), actual.outOfRange(), described + ": out of range");
  }

  private static void dot(Prims cpu, Prims target, DType type, Object a, Object b, String what) {
    Number actual = Calls.dot(target, a, b).value();
    if (type.isFloating()) {
      Checks.assertSum(
          type,
          actual.doubleValue(),
          Reference.dot(a, b),
          bound(target, type, Array.getLength(a)) + 1,
          what);
    } else {
      Checks.assertSameValue(type, Calls.dot(cpu, a, b).value(), actual, what);
    }
  }
}
