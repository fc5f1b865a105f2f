package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.Scalar;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Dot products on every type, size and data shape with the default variant and a subset on every
 * other variant: integers exact with Java wrapping, floating results within {@code (L + ceil(log2
 * n) + 1) u sum|a_i b_i|} (the extra 1 is the rounding of each product), length mismatch an {@link
 * IllegalArgumentException} naming both lengths.
 */
public abstract class DotConformance extends BackendConformance {

  @TestFactory
  Stream<DynamicNode> defaultVariant() {
    return perType(type -> cases(prims(), null, type, Sizes.all()));
  }

  @TestFactory
  Stream<DynamicNode> everyVariant() {
    return perVariant(
        Primitive.DOT,
        (variant, view) -> perType(type -> cases(view, variant, type, Sizes.variantSubset())));
  }

  @TestFactory
  Stream<DynamicNode> everyVariantOnDeviceBuffers() {
    List<DynamicNode> tests = new ArrayList<>();
    for (String variant : variants(Primitive.DOT)) {
      for (DType type : DType.values()) {
        for (int n : Sizes.bufferSubset()) {
          tests.add(
              DynamicTest.dynamicTest(
                  variant + " " + type.id() + " n=" + n,
                  () -> checkDotOnBuffers(variant, type, n)));
        }
      }
    }
    return tests.stream();
  }

  private void checkDotOnBuffers(String variant, DType type, int n) {
    Object a = TestData.array(type, DataKind.RANDOM, n, TestData.seed("dot-buffer-a", type, n));
    Object b = TestData.array(type, DataKind.CONSTANT, n, TestData.seed("dot-buffer-b", type, n));
    Prims view = prims().variant(Primitive.DOT, variant);
    String what = backendId() + " " + variant + " dot of device buffers of " + n + " " + type.id();
    try (dev.prims.DeviceBuffer x = view.upload(a);
        dev.prims.DeviceBuffer y = view.upload(b)) {
      Scalar result = view.dot(x, y);
      assertEquals(variant, result.provenance().variant(), what + ": provenance variant");
      expectDot(type, a, b, result.value(), what);
    }
  }

  private Stream<DynamicNode> cases(Prims view, String variant, DType type, List<Integer> sizes) {
    return DataCases.of(
        type, null, variant, sizes, (kind, n) -> checkDot(view, variant, type, kind, n));
  }

  private void checkDot(Prims view, String variant, DType type, DataKind kind, int n) {
    Object a = TestData.array(type, kind, n, TestData.seed("dot-a", type, kind, n));
    Object b = TestData.array(type, kind, n, TestData.seed("dot-b", type, kind, n));
    String what = describe(variant, "dot", n, kind.id(), type);
    Scalar result = Calls.dot(view, a, b);
    assertEquals(type, result.type(), what);
    assertProvenance(result.provenance(), variant, what);
    expectDot(type, a, b, result.value(), what);
  }

  /** Asserts {@code actual} is the dot product of {@code a} and {@code b}. */
  protected final void expectDot(DType type, Object a, Object b, Number actual, String what) {
    int n = java.lang.reflect.Array.getLength(a);
    if (!type.isFloating()) {
      Checks.assertSameValue(type, Reference.integerDot(a, b), actual, what);
    } else {
      assertTrue(actual instanceof Float || actual instanceof Double, what + ": boxed type");
      Checks.assertSum(
          type,
          actual.doubleValue(),
          Reference.dot(a, b),
          chain(type, n) + Checks.ceilLog2(n) + 1,
          what);
    }
  }

  @TestFactory
  Stream<DynamicNode> reproducibleDots() {
    return reproducibleTests(Primitive.DOT, "", this::checkReproducibleDot).stream();
  }

  private void checkReproducibleDot(String variant, DType type, DataKind kind, int n) {
    Object a = TestData.array(type, kind, n, TestData.seed("reproducible-dot-a", type, kind, n));
    Object b = TestData.array(type, kind, n, TestData.seed("reproducible-dot-b", type, kind, n));
    Prims view = reproducibleView(Primitive.DOT, variant);
    String what = reproducibleWhat(variant, "dot", n, kind.id(), type);
    if (n > 0 && backend().foldKernels() == null) {
      expectReproducibleRefusal(() -> Calls.dot(view, a, b), what);
      return;
    }
    if (n == 0) {
      Checks.assertSameValue(type, 0.0f, Calls.dot(view, a, b).value(), what);
      return;
    }
    double maxA = ReproducibleReference.maxAbs(a);
    double maxB = ReproducibleReference.maxAbs(b);
    if (Double.isFinite(maxA) && Double.isFinite(maxB) && Double.isInfinite(maxA * maxB)) {
      RuntimeException e = assertThrows(RuntimeException.class, () -> Calls.dot(view, a, b), what);
      assertTrue(String.valueOf(e.getMessage()).contains("overflow"), what + ": " + e);
      return;
    }
    Number actual = Calls.dot(view, a, b).value();
    if (!Double.isFinite(maxA) || !Double.isFinite(maxB)) {
      expectDot(type, a, b, actual, what + " (non-finite input: fast path)");
    } else {
      Checks.assertSameValue(type, ReproducibleReference.dot(a, b), actual, what);
    }
  }

  @TestFactory
  Stream<DynamicNode> reproducibleDotsAgreeWithTheCpuBitForBit() {
    return agreementTests("", false, this::checkDotAgreement).stream();
  }

  private void checkDotAgreement(DType type, FoldData kind, int n) {
    Object a = kind.array(type, n, TestData.seed("fold-dot-a", type, kind, n));
    Object b = kind.partner(type, n, TestData.seed("fold-dot-b", type, kind, n));
    String what = reproducibleWhat(null, "dot", n, kind.id(), type);
    assertFoldAgreement(
        what,
        ReproducibleReference.dot(a, b),
        Primitive.DOT,
        Sizes.everySetting(kind, n),
        view -> Calls.dot(view, a, b),
        Scalar::provenance,
        Scalar::value,
        agreement -> {
          if (Sizes.everySetting(kind, n)) {
            Prims view = prims().determinism(Determinism.REPRODUCIBLE);
            try (dev.prims.DeviceBuffer x = view.upload(a);
                dev.prims.DeviceBuffer y = view.upload(b)) {
              agreement.add("device buffers", view.dot(x, y).value());
            }
          }
        });
  }

  @TestFactory
  Stream<DynamicNode> integerDotsStayExactInReproducibleMode() {
    List<DynamicNode> tests = new ArrayList<>();
    for (DType type : new DType[] {DType.INT, DType.LONG}) {
      for (DataKind kind : new DataKind[] {DataKind.RANDOM, DataKind.EXTREME}) {
        for (int n : Sizes.reproducibleShapes()) {
          tests.add(
              DynamicTest.dynamicTest(
                  type.id() + " " + kind.id() + " n=" + n,
                  () -> checkIntegerDotAgreement(type, kind, n)));
        }
      }
    }
    return tests.stream();
  }

  private void checkIntegerDotAgreement(DType type, DataKind kind, int n) {
    Object a = TestData.array(type, kind, n, TestData.seed("exact-dot-a", type, kind, n));
    Object b = TestData.array(type, kind, n, TestData.seed("exact-dot-b", type, kind, n));
    String what = reproducibleWhat(null, "dot", n, kind.id(), type);
    assertReproducibleAgreement(
        what, Reference.integerDot(a, b), Primitive.DOT, view -> Calls.dot(view, a, b).value());
  }

  @Test
  void lengthMismatchNamesBothLengths() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> prims().dot(new float[1000], new float[1001]));
    assertTrue(
        e.getMessage().contains("1000") && e.getMessage().contains("1001"),
        "message names both lengths: " + e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> prims().dot(new long[0], new long[1]));
    assertThrows(IllegalArgumentException.class, () -> prims().dot(new int[3], null));
  }

  @Test
  void integerDotWrapsLikeJava() {
    int[] a = new int[4097];
    int[] b = new int[4097];
    Arrays.fill(a, 1 << 20);
    Arrays.fill(b, 1 << 12);
    assertEquals(0, prims().dot(a, b).asInt(), "2^32 per term wraps to 0");
    a[7] = 3;
    b[7] = 5;
    assertEquals(15, prims().dot(a, b).asInt());
    assertEquals(
        0L,
        prims().dot(new long[] {1L << 62, 1}, new long[] {2, Long.MIN_VALUE}).asLong(),
        "2^62 * 2 wraps to MIN_VALUE, plus MIN_VALUE wraps to 0");
  }

  @Test
  void emptyDotIsZero() {
    assertEquals(0.0, prims().dot(new double[0], new double[0]).asDouble());
    assertEquals(0, prims().dot(new int[0], new int[0]).asInt());
  }

  @AddLifecycleHook(BackendPropertyHook.class)
  @Property(tries = 50, seed = "20261125")
  void floatDotsStayWithinTheBound(@ForAll @Size(max = 3000) float[] values) {
    float[] other = new float[values.length];
    for (int i = 0; i < values.length; i++) {
      other[i] = values[values.length - 1 - i];
    }
    expectDot(
        DType.FLOAT,
        values,
        other,
        prims().dot(values, other).value(),
        "property: float dot of " + values.length);
  }
}
