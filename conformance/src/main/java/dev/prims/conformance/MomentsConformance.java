package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.Moments;
import dev.prims.Primitive;
import dev.prims.Prims;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Moments on every type, size and data shape, on arrays and device buffers, against {@link
 * MomentsReference}. Tolerances: integer inputs are summed exactly, so mean and {@code m2} lie
 * within 2 ulps of the exact values; floating inputs in fast mode within {@code 1e-9 * max|x|}
 * (mean) and {@code 1e-9 * n * range^2} (m2); in reproducible mode within {@code 4 * n * 2^-53 *
 * max|x|^2} (m2, the rounding of each double product), and bitwise identical across launch shapes
 * and with the cpu backend.
 */
public abstract class MomentsConformance extends BackendConformance {
  private static final DataKind[] KINDS = {
    DataKind.RANDOM, DataKind.CONSTANT, DataKind.ALTERNATING, DataKind.EXTREME
  };

  /** Both modes per case, so the exact reference is computed once. */
  @TestFactory
  Stream<DynamicTest> everyTypeSizeAndShape() {
    List<DynamicTest> tests = new ArrayList<>();
    for (DType type : DType.values()) {
      for (DataKind kind : KINDS) {
        if (kind == DataKind.EXTREME && type.isFloating()) {
          continue;
        }
        for (int n : Sizes.all()) {
          if (n == 0) {
            continue;
          }
          String name = type.id() + " " + kind.id() + " n=" + n;
          tests.add(
              DynamicTest.dynamicTest(
                  name,
                  () -> {
                    Object data = TestData.array(type, kind, n, TestData.seed(name));
                    MomentsReference ref = MomentsReference.of(data);
                    for (Determinism mode : Determinism.values()) {
                      check(
                          ref,
                          data,
                          Calls.moments(prims().determinism(mode), data),
                          mode,
                          mode.id() + " " + name);
                    }
                  }));
        }
      }
    }
    return tests.stream();
  }

  /** Data far from zero: the variance must survive a mean a million times the spread. */
  @TestFactory
  Stream<DynamicTest> offsetData() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Determinism mode : Determinism.values()) {
      for (DType type : DType.values()) {
        for (int n : new int[] {1000, 65537}) {
          String name = mode.id() + " " + type.id() + " n=" + n;
          tests.add(
              DynamicTest.dynamicTest(
                  name,
                  () -> {
                    Object data = offset(type, n, TestData.seed("offset", type, n));
                    check(data, Calls.moments(prims().determinism(mode), data), mode, name);
                  }));
        }
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> onDeviceBuffersAndAsync() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Determinism mode : Determinism.values()) {
      for (DType type : DType.values()) {
        for (int n : Sizes.bufferSubset()) {
          String name = mode.id() + " " + type.id() + " n=" + n;
          tests.add(
              DynamicTest.dynamicTest(
                  name,
                  () -> {
                    Object data = TestData.array(type, DataKind.RANDOM, n, TestData.seed(name));
                    Prims view = prims().determinism(mode);
                    MomentsReference ref = MomentsReference.of(data);
                    try (DeviceBuffer buffer = view.upload(data)) {
                      check(ref, data, view.moments(buffer), mode, name + " buffer");
                      check(ref, data, view.momentsAsync(buffer).join(), mode, name + " async");
                    }
                  }));
        }
      }
    }
    return tests.stream();
  }

  /**
   * Reproducible mode (and integers in either mode): the same bits on every launch shape and on the
   * cpu backend.
   */
  @TestFactory
  Stream<DynamicTest> reproducibleBitsAgree() {
    List<DynamicTest> tests = new ArrayList<>();
    for (DType type : DType.values()) {
      for (int n : Sizes.reproducible()) {
        String name = type.id() + " n=" + n + " " + comparedWith();
        tests.add(
            DynamicTest.dynamicTest(
                name,
                () -> {
                  Object data = TestData.array(type, DataKind.RANDOM, n, TestData.seed(name));
                  List<Setting> settings =
                      reproducibleSettings(
                          Primitive.REDUCE, Sizes.reproducibleShapes().contains(n));
                  Moments first = Calls.moments(settings.get(0).view(), data);
                  for (Setting s : settings) {
                    assertSameBits(first, Calls.moments(s.view(), data), name + " " + s.name());
                  }
                  Optional<Prims> cpu = cpuEngine();
                  if (cpu.isPresent()) {
                    assertSameBits(
                        first,
                        Calls.moments(cpu.get().determinism(Determinism.REPRODUCIBLE), data),
                        name + " cpu");
                  }
                  if (!type.isFloating()) {
                    assertSameBits(first, Calls.moments(prims(), data), name + " fast mode");
                  }
                }));
      }
    }
    return tests.stream();
  }

  @Test
  void nonFiniteInputGivesNaN() {
    for (Determinism mode : Determinism.values()) {
      for (int n : new int[] {3, 4097, Sizes.LARGE}) {
        double[] d = new double[n];
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
          d[i] = i;
          f[i] = i;
        }
        d[n / 2] = Double.NaN;
        f[n - 1] = Float.POSITIVE_INFINITY;
        for (Moments m :
            new Moments[] {
              prims().determinism(mode).moments(d), prims().determinism(mode).moments(f)
            }) {
          assertEquals(n, m.count());
          assertTrue(Double.isNaN(m.mean()), mode + " mean " + m);
          assertTrue(Double.isNaN(m.populationVariance()), mode + " variance " + m);
        }
      }
    }
  }

  @Test
  void emptyAndOneElement() {
    for (Determinism mode : Determinism.values()) {
      Prims view = prims().determinism(mode);
      Moments empty = view.moments(new double[0]);
      assertEquals(0, empty.count());
      assertTrue(Double.isNaN(empty.mean()) && Double.isNaN(empty.populationVariance()));
      assertTrue(Double.isNaN(view.moments(new int[0]).sampleVariance()));
      for (Moments one :
          new Moments[] {
            view.moments(new float[] {2.5f}),
            view.moments(new double[] {2.5}),
            view.moments(new int[] {-7}),
            view.moments(new long[] {1L << 60})
          }) {
        assertEquals(1, one.count(), mode + " " + one);
        assertEquals(0.0, one.populationVariance(), mode + " " + one);
        assertTrue(Double.isNaN(one.sampleVariance()), mode + " " + one);
      }
      assertEquals(2.5, view.moments(new float[] {2.5f}).mean());
      assertEquals(0x1p60, view.moments(new long[] {1L << 60}).mean());
      try (DeviceBuffer buffer = view.allocate(DType.FLOAT, 0)) {
        assertEquals(0, view.moments(buffer).count());
      }
    }
  }

  @Test
  void sampleAndPopulationVarianceOfAKnownInput() {
    Moments m = prims().moments(new int[] {2, 4, 4, 4, 5, 5, 7, 9});
    assertEquals(5.0, m.mean());
    assertEquals(4.0, m.populationVariance());
    assertEquals(2.0, m.populationStandardDeviation());
    assertEquals(32.0 / 7, m.sampleVariance());
    assertThrows(IllegalArgumentException.class, () -> prims().moments((double[]) null));
  }

  private static void check(Object data, Moments actual, Determinism mode, String what) {
    check(MomentsReference.of(data), data, actual, mode, what);
  }

  private static void check(
      MomentsReference ref, Object data, Moments actual, Determinism mode, String what) {
    DType type = DType.ofArray(data);
    assertEquals(ref.count(), actual.count(), what + ": count");
    double meanTolerance;
    double m2Tolerance;
    if (!type.isFloating()) {
      meanTolerance = 2 * Math.ulp(ref.mean());
      m2Tolerance = 2 * Math.ulp(ref.m2());
    } else if (mode == Determinism.FAST) {
      meanTolerance = 1e-9 * ref.maxAbs();
      m2Tolerance = 1e-9 * ref.count() * ref.range() * ref.range();
    } else {
      meanTolerance = 2 * Math.ulp(ref.mean()) + 0x1p-50 * ref.maxAbs();
      m2Tolerance = 4 * ref.count() * 0x1p-53 * ref.maxAbs() * ref.maxAbs() + Math.ulp(ref.m2());
    }
    within(ref.mean(), actual.mean(), meanTolerance, what + ": mean");
    within(ref.m2(), actual.sumOfSquaredDeviations(), m2Tolerance, what + ": m2");
    if (ref.count() > 1) {
      within(
          ref.m2() / (ref.count() - 1),
          actual.sampleVariance(),
          m2Tolerance / (ref.count() - 1) + Math.ulp(ref.m2() / (ref.count() - 1)),
          what + ": sample variance");
    }
  }

  private static void within(double expected, double actual, double tolerance, String what) {
    if (!(Math.abs(expected - actual) <= tolerance)) {
      fail(what + ": expected " + expected + " +- " + tolerance + " but was " + actual);
    }
  }

  private static void assertSameBits(Moments expected, Moments actual, String what) {
    assertEquals(expected.count(), actual.count(), what + ": count");
    assertEquals(
        Double.doubleToRawLongBits(expected.mean()),
        Double.doubleToRawLongBits(actual.mean()),
        what + ": mean " + expected.mean() + " vs " + actual.mean());
    assertEquals(
        Double.doubleToRawLongBits(expected.sumOfSquaredDeviations()),
        Double.doubleToRawLongBits(actual.sumOfSquaredDeviations()),
        what
            + ": m2 "
            + expected.sumOfSquaredDeviations()
            + " vs "
            + actual.sumOfSquaredDeviations());
  }

  /** Values of about 10^6 with a spread of about 1 (integers: 10^12 with a spread of 10^6). */
  private static Object offset(DType type, int n, long seed) {
    java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
    switch (type) {
      case INT:
        {
          int[] a = new int[n];
          for (int i = 0; i < n; i++) {
            a[i] = 2_000_000_000 + r.nextInt(1000);
          }
          return a;
        }
      case LONG:
        {
          long[] a = new long[n];
          for (int i = 0; i < n; i++) {
            a[i] = 1_000_000_000_000L + r.nextInt(1_000_000);
          }
          return a;
        }
      case FLOAT:
        {
          float[] a = new float[n];
          for (int i = 0; i < n; i++) {
            a[i] = (float) (1e6 + r.nextDouble());
          }
          return a;
        }
      default:
        {
          double[] a = new double[n];
          for (int i = 0; i < n; i++) {
            a[i] = 1e6 + r.nextDouble();
          }
          return a;
        }
    }
  }
}
