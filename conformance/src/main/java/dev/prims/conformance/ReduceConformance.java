package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Reduce on every type, operator, size and data shape with the default variant, and on every other
 * variant with a subset; integer results and MIN/MAX exact (bitwise for floating values), floating
 * sums within the backend's stated bound.
 */
public abstract class ReduceConformance extends BackendConformance {
  private static final ReduceOp[] VARIANT_OPS = {ReduceOp.SUM, ReduceOp.MAX, ReduceOp.XOR};

  @TestFactory
  Stream<DynamicNode> defaultVariant() {
    return perType(
        type ->
            Arrays.stream(ReduceOp.values())
                .filter(op -> op.supports(type))
                .map(
                    op ->
                        DynamicContainer.dynamicContainer(
                            op.id(), cases(prims(), null, type, op, Sizes.all()))));
  }

  @TestFactory
  Stream<DynamicNode> everyVariant() {
    return perVariant(
        Primitive.REDUCE,
        (variant, view) ->
            perTypeAndOp(
                "",
                VARIANT_OPS,
                (type, op) -> cases(view, variant, type, op, Sizes.variantSubset())));
  }

  @TestFactory
  Stream<DynamicNode> everyVariantOnDeviceBuffers() {
    List<DynamicNode> tests = new ArrayList<>();
    for (String variant : variants(Primitive.REDUCE)) {
      for (DType type : DType.values()) {
        for (ReduceOp op : new ReduceOp[] {ReduceOp.SUM, ReduceOp.MIN}) {
          for (int n : Sizes.bufferSubset()) {
            tests.add(
                DynamicTest.dynamicTest(
                    variant + " " + type.id() + " " + op.id() + " n=" + n,
                    () -> checkReduceOnBuffer(variant, type, op, n)));
          }
        }
      }
    }
    return tests.stream();
  }

  private void checkReduceOnBuffer(String variant, DType type, ReduceOp op, int n) {
    Object data =
        TestData.array(type, DataKind.RANDOM, n, TestData.seed("reduce-buffer", type, op, n));
    Prims view = prims().variant(Primitive.REDUCE, variant);
    String what = backendId() + " " + variant + " reduce " + op.id() + " of a device buffer";
    try (dev.prims.DeviceBuffer buffer = view.upload(data)) {
      Scalar result = view.reduce(buffer, op);
      assertEquals(variant, result.provenance().variant(), what + ": provenance variant");
      expectReduce(type, op, data, result.value(), what + " of " + n + " " + type.id());
    }
  }

  private Stream<DynamicNode> cases(
      Prims view, String variant, DType type, ReduceOp op, List<Integer> sizes) {
    return DataCases.of(
        type, op, variant, sizes, (kind, n) -> checkReduce(view, variant, type, op, kind, n));
  }

  private void checkReduce(
      Prims view, String variant, DType type, ReduceOp op, DataKind kind, int n) {
    long seed = TestData.seed("reduce", type, op, kind, n);
    Object data =
        op == ReduceOp.PROD
            ? TestData.productSafe(type, kind, n, seed)
            : TestData.array(type, kind, n, seed);
    String what = describe(variant, "reduce " + op.id(), n, kind.id(), type);
    if (n == 0 && !op.hasEmptyValue()) {
      assertThrows(IllegalArgumentException.class, () -> Calls.reduce(view, data, op), what);
      return;
    }
    Scalar result = Calls.reduce(view, data, op);
    assertEquals(type, result.type(), what);
    assertProvenance(result.provenance(), variant, what);
    expectReduce(type, op, data, result.value(), what);
  }

  /** Asserts {@code actual} is the reduction of {@code data} by {@code op}. */
  protected final void expectReduce(
      DType type, ReduceOp op, Object data, Number actual, String what) {
    int n = java.lang.reflect.Array.getLength(data);
    if (!type.isFloating() || op == ReduceOp.MIN || op == ReduceOp.MAX) {
      Checks.assertSameValue(type, Reference.fold(data, op), actual, what);
    } else if (op == ReduceOp.SUM) {
      assertTrue(actual instanceof Float || actual instanceof Double, what + ": boxed type");
      Checks.assertSum(
          type,
          actual.doubleValue(),
          Reference.sum(data),
          chain(type, n) + Checks.ceilLog2(n),
          what);
    } else {
      double product = 1;
      for (int i = 0; i < n; i++) {
        product *= Reference.element(data, i);
      }
      Checks.assertProduct(type, actual.doubleValue(), product, n, what);
    }
  }

  @TestFactory
  Stream<DynamicNode> reproducibleSums() {
    return reproducibleTests(Primitive.REDUCE, "", this::checkReproducibleSum).stream();
  }

  private void checkReproducibleSum(String variant, DType type, DataKind kind, int n) {
    Object data = TestData.array(type, kind, n, TestData.seed("reproducible-sum", type, kind, n));
    Prims view = reproducibleView(Primitive.REDUCE, variant);
    String what = reproducibleWhat(variant, "sum", n, kind.id(), type);
    if (n > 0 && backend().foldKernels() == null) {
      expectReproducibleRefusal(() -> Calls.reduce(view, data, ReduceOp.SUM), what);
      return;
    }
    Number actual = Calls.reduce(view, data, ReduceOp.SUM).value();
    if (n == 0) {
      Checks.assertSameValue(type, ReduceOp.SUM.identity(type), actual, what);
    } else if (!Double.isFinite(ReproducibleReference.maxAbs(data))) {
      expectReduce(type, ReduceOp.SUM, data, actual, what + " (non-finite input: fast path)");
    } else {
      Checks.assertSameValue(type, ReproducibleReference.sum(data), actual, what);
    }
  }

  @TestFactory
  Stream<DynamicNode> reproducibleSumsAgreeWithTheCpuBitForBit() {
    return agreementTests("", false, this::checkSumAgreement).stream();
  }

  private void checkSumAgreement(DType type, FoldData kind, int n) {
    Object data = kind.array(type, n, TestData.seed("fold-sum", type, kind, n));
    String what = reproducibleWhat(null, "sum", n, kind.id(), type);
    assertFoldAgreement(
        what,
        ReproducibleReference.sum(data),
        Primitive.REDUCE,
        Sizes.everySetting(kind, n),
        view -> Calls.reduce(view, data, ReduceOp.SUM),
        Scalar::provenance,
        Scalar::value,
        agreement -> {
          if (Sizes.everySetting(kind, n)) {
            Prims view = prims().determinism(Determinism.REPRODUCIBLE);
            try (dev.prims.DeviceBuffer buffer = view.upload(data)) {
              agreement.add("device buffer", view.reduce(buffer, ReduceOp.SUM).value());
            }
          }
        });
  }

  @TestFactory
  Stream<DynamicNode> exactResultsStayExactInReproducibleMode() {
    List<DynamicNode> tests = new ArrayList<>();
    for (DType type : new DType[] {DType.INT, DType.LONG}) {
      for (ReduceOp op :
          new ReduceOp[] {ReduceOp.SUM, ReduceOp.PROD, ReduceOp.MIN, ReduceOp.MAX, ReduceOp.XOR}) {
        for (int n : Sizes.reproducibleShapes()) {
          long seed = TestData.seed("exact-reproducible", type, op, n);
          tests.add(
              DynamicTest.dynamicTest(
                  type.id() + " " + op.id() + " random n=" + n,
                  () ->
                      checkExactAgreement(
                          type,
                          op,
                          "random",
                          op == ReduceOp.PROD
                              ? TestData.productSafe(type, DataKind.RANDOM, n, seed)
                              : TestData.array(type, DataKind.RANDOM, n, seed))));
        }
      }
    }
    for (DType type : new DType[] {DType.FLOAT, DType.DOUBLE}) {
      for (ReduceOp op : new ReduceOp[] {ReduceOp.MIN, ReduceOp.MAX}) {
        for (int n : Sizes.reproducibleShapes()) {
          long seed = TestData.seed("exact-reproducible", type, op, n);
          for (FoldData kind :
              new FoldData[] {
                FoldData.SUBNORMAL, FoldData.SUBNORMAL_MIXED, FoldData.MIXED_MAGNITUDES
              }) {
            tests.add(
                DynamicTest.dynamicTest(
                    type.id() + " " + op.id() + " " + kind.id() + " n=" + n,
                    () -> checkExactAgreement(type, op, kind.id(), kind.array(type, n, seed))));
          }
          for (DataKind kind : new DataKind[] {DataKind.EXTREME, DataKind.NAN}) {
            tests.add(
                DynamicTest.dynamicTest(
                    type.id() + " " + op.id() + " " + kind.id() + " n=" + n,
                    () ->
                        checkExactAgreement(
                            type, op, kind.id(), TestData.array(type, kind, n, seed))));
          }
        }
      }
    }
    return tests.stream();
  }

  private void checkExactAgreement(DType type, ReduceOp op, String kind, Object data) {
    int n = java.lang.reflect.Array.getLength(data);
    String what = reproducibleWhat(null, op.id(), n, kind, type);
    assertReproducibleAgreement(
        what,
        Reference.fold(data, op),
        Primitive.REDUCE,
        view -> Calls.reduce(view, data, op).value());
  }

  @Test
  void reproducibleProductIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                prims()
                    .determinism(Determinism.REPRODUCIBLE)
                    .reduce(new double[] {1, 2}, ReduceOp.PROD));
    assertTrue(e.getMessage().contains("PROD"), e.getMessage());
    assertEquals(
        6L,
        prims()
            .determinism(Determinism.REPRODUCIBLE)
            .reduce(new long[] {1, 2, 3}, ReduceOp.SUM)
            .asLong(),
        "integers are exact in any mode");
  }

  @Test
  void signedZerosFollowMathMinAndMax() {
    for (int n : new int[] {2, 33, 257, 4097, 77_777}) {
      float[] f = new float[n];
      double[] d = new double[n];
      Arrays.fill(f, 0.0f);
      Arrays.fill(d, 0.0);
      f[n / 2] = -0.0f;
      d[n - 1] = -0.0;
      assertEquals(
          Float.floatToRawIntBits(-0.0f),
          Float.floatToRawIntBits(prims().reduce(f, ReduceOp.MIN).asFloat()),
          "MIN of 0.0 and -0.0 is -0.0, n=" + n);
      assertEquals(
          Double.doubleToRawLongBits(-0.0),
          Double.doubleToRawLongBits(prims().reduce(d, ReduceOp.MIN).asDouble()),
          "MIN of 0.0 and -0.0 is -0.0, n=" + n);
      Arrays.fill(f, -0.0f);
      Arrays.fill(d, -0.0);
      f[n - 1] = 0.0f;
      d[1] = 0.0;
      assertEquals(
          Float.floatToRawIntBits(0.0f),
          Float.floatToRawIntBits(prims().reduce(f, ReduceOp.MAX).asFloat()),
          "MAX of -0.0 and 0.0 is 0.0, n=" + n);
      assertEquals(
          Double.doubleToRawLongBits(0.0),
          Double.doubleToRawLongBits(prims().reduce(d, ReduceOp.MAX).asDouble()),
          "MAX of -0.0 and 0.0 is 0.0, n=" + n);
    }
  }

  @Test
  void nanAnywherePropagatesThroughMinMaxAndSum() {
    int n = 4097;
    for (int at : new int[] {0, 1, 31, 32, 255, 256, 1024, 2048, 4096}) {
      for (String variant : variants(Primitive.REDUCE)) {
        Prims view = prims().variant(Primitive.REDUCE, variant);
        float[] f = new float[n];
        double[] d = new double[n];
        Arrays.fill(f, -3.5f);
        Arrays.fill(d, 7.25);
        f[at] = Float.NaN;
        d[at] = Double.NaN;
        for (ReduceOp op : new ReduceOp[] {ReduceOp.MIN, ReduceOp.MAX, ReduceOp.SUM}) {
          String what = variant + " " + op.id() + " with NaN at " + at;
          assertTrue(Float.isNaN(view.reduce(f, op).asFloat()), "float " + what);
          assertTrue(Double.isNaN(view.reduce(d, op).asDouble()), "double " + what);
        }
      }
    }
  }

  @Test
  void integerArithmeticWrapsLikeJava() {
    assertEquals(
        Integer.MIN_VALUE, prims().reduce(new int[] {Integer.MAX_VALUE, 1}, ReduceOp.SUM).asInt());
    assertEquals(
        Long.MIN_VALUE, prims().reduce(new long[] {Long.MAX_VALUE, 1L}, ReduceOp.SUM).asLong());
    int[] big = new int[100_003];
    Arrays.fill(big, Integer.MAX_VALUE);
    assertEquals(100_003 * Integer.MAX_VALUE, prims().reduce(big, ReduceOp.SUM).asInt());
    assertEquals(
        Integer.MIN_VALUE,
        prims().reduce(new int[] {65536, 32768}, ReduceOp.PROD).asInt(),
        "2^16 * 2^15 wraps to MIN_VALUE");
  }

  @Test
  void emptyInputs() {
    assertEquals(0, prims().reduce(new int[0], ReduceOp.SUM).asInt());
    assertEquals(1L, prims().reduce(new long[0], ReduceOp.PROD).asLong());
    assertEquals(-1, prims().reduce(new int[0], ReduceOp.AND).asInt());
    assertEquals(0.0f, prims().reduce(new float[0], ReduceOp.SUM).asFloat());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> prims().reduce(new double[0], ReduceOp.MIN));
    assertTrue(e.getMessage().contains("MIN"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> prims().reduce(new int[0], ReduceOp.MAX));
  }

  @AddLifecycleHook(BackendPropertyHook.class)
  @Property(tries = 60, seed = "20261121")
  void intReductionsMatchTheReference(
      @ForAll @Size(max = 5000) int[] values, @ForAll("intOps") ReduceOp op) {
    if (values.length == 0 && !op.hasEmptyValue()) {
      return;
    }
    Checks.assertSameValue(
        DType.INT,
        Reference.fold(values, op),
        prims().reduce(values, op).value(),
        "property: int " + op.id() + " of " + values.length);
  }

  @AddLifecycleHook(BackendPropertyHook.class)
  @Property(tries = 40, seed = "20261122")
  void doubleSumsStayWithinTheBound(@ForAll @Size(max = 5000) double[] values) {
    Scalar result = prims().reduce(values, ReduceOp.SUM);
    ExactSum ref = Reference.sum(values);
    int n = values.length;
    Checks.assertSum(
        DType.DOUBLE,
        result.asDouble(),
        ref,
        chain(DType.DOUBLE, n) + Checks.ceilLog2(n),
        "property: double sum of " + n);
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<ReduceOp> intOps() {
    return net.jqwik.api.Arbitraries.of(ReduceOp.values());
  }
}
