package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.ScanResult;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
 * Inclusive and exclusive scans on every type, operator, size and data shape with the default
 * variant, and on every other variant with a subset: integer and MIN/MAX results exact element by
 * element, floating sums within the stated bound against the prefix sum of magnitudes.
 */
public abstract class ScanConformance extends BackendConformance {
  private static final ReduceOp[] VARIANT_OPS = {ReduceOp.SUM, ReduceOp.MAX};

  @TestFactory
  Stream<DynamicNode> defaultVariant() {
    return Arrays.stream(ScanKind.values())
        .map(
            kind ->
                DynamicContainer.dynamicContainer(
                    kind.name().toLowerCase(java.util.Locale.ROOT),
                    perTypeAndOp(
                        "",
                        ReduceOp.values(),
                        (type, op) -> cases(prims(), null, type, op, kind, Sizes.all()))));
  }

  @TestFactory
  Stream<DynamicNode> everyVariant() {
    return perVariant(
        Primitive.SCAN,
        (variant, view) ->
            Arrays.stream(ScanKind.values())
                .flatMap(
                    kind ->
                        perTypeAndOp(
                            kind.name().toLowerCase() + " ",
                            VARIANT_OPS,
                            (type, op) ->
                                cases(view, variant, type, op, kind, Sizes.variantSubset()))));
  }

  @TestFactory
  Stream<DynamicNode> everyVariantInPlaceOnDeviceBuffers() {
    return everyVariantCase(Sizes.bufferSubset(), this::checkScanInPlace);
  }

  /**
   * {@code Scanner.scanWithCarry} on every variant: where the backend takes a carry it equals the
   * scan with the carry combined before the first element (small integer values, so floating sums
   * are exact too); where it does not, the output is untouched.
   */
  @TestFactory
  Stream<DynamicNode> everyVariantWithCarry() {
    return everyVariantCase(List.of(257, Sizes.LARGE), this::checkScanWithCarry);
  }

  /** One check of a variant, scan kind, type, operator and size. */
  private interface VariantCheck {
    void check(String variant, ScanKind kind, DType type, ReduceOp op, int n);
  }

  /** A test of {@code check} per variant, scan kind, type, {@link #VARIANT_OPS} and size. */
  private Stream<DynamicNode> everyVariantCase(List<Integer> sizes, VariantCheck check) {
    List<DynamicNode> tests = new ArrayList<>();
    for (String variant : variants(Primitive.SCAN)) {
      for (ScanKind scanKind : ScanKind.values()) {
        for (DType type : DType.values()) {
          for (ReduceOp op : VARIANT_OPS) {
            for (int n : sizes) {
              tests.add(
                  DynamicTest.dynamicTest(
                      variant
                          + " "
                          + scanKind.name().toLowerCase(java.util.Locale.ROOT)
                          + " "
                          + type.id()
                          + " "
                          + op.id()
                          + " n="
                          + n,
                      () -> check.check(variant, scanKind, type, op, n)));
            }
          }
        }
      }
    }
    return tests.stream();
  }

  private void checkScanWithCarry(
      String variant, ScanKind scanKind, DType type, ReduceOp op, int n) {
    java.util.Random random = new java.util.Random(TestData.seed("scan-carry", type, op, n));
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = random.nextInt(21) - 10;
    }
    double carry = random.nextInt(2001) - 1000;
    double sentinel = 77;
    double[] expected = new double[n];
    double running = carry;
    for (int i = 0; i < n; i++) {
      double next = op == ReduceOp.SUM ? running + values[i] : Math.max(running, values[i]);
      expected[i] = scanKind == ScanKind.INCLUSIVE ? next : running;
      running = next;
    }
    dev.prims.spi.BufferManager buffers = backend().buffers();
    double[] filled = new double[n];
    Arrays.fill(filled, sentinel);
    try (dev.prims.DeviceBuffer input = buffers.upload(typed(type, values));
        dev.prims.DeviceBuffer output = buffers.upload(typed(type, filled))) {
      boolean carried =
          backend()
              .scanner()
              .scanWithCarry(
                  input,
                  output,
                  op,
                  scanKind,
                  (Number) Array.get(typed(type, new double[] {carry}), 0),
                  new dev.prims.spi.CallContext(variant, Determinism.FAST));
      Object actual = Array.newInstance(type.arrayClass().getComponentType(), n);
      buffers.download(output, actual);
      double[] want = carried ? expected : filled;
      for (int i = 0; i < n; i++) {
        int at = i;
        assertEquals(
            want[i],
            ((Number) Array.get(actual, i)).doubleValue(),
            () -> backendId() + " " + variant + " carried=" + carried + " at " + at);
      }
    }
  }

  /** {@code values} (small integers) as an array of {@code type}. */
  private static Object typed(DType type, double[] values) {
    Object array = Array.newInstance(type.arrayClass().getComponentType(), values.length);
    for (int i = 0; i < values.length; i++) {
      switch (type) {
        case INT -> Array.setInt(array, i, (int) values[i]);
        case LONG -> Array.setLong(array, i, (long) values[i]);
        case FLOAT -> Array.setFloat(array, i, (float) values[i]);
        case DOUBLE -> Array.setDouble(array, i, values[i]);
      }
    }
    return array;
  }

  private void checkScanInPlace(String variant, ScanKind scanKind, DType type, ReduceOp op, int n) {
    Object data =
        TestData.array(
            type, DataKind.RANDOM, n, TestData.seed("scan-in-place", type, op, scanKind, n));
    Prims view = prims().variant(Primitive.SCAN, variant);
    String what =
        backendId()
            + " "
            + variant
            + " "
            + scanKind.name().toLowerCase(java.util.Locale.ROOT)
            + " scan "
            + op.id()
            + " in place on a device buffer of "
            + n
            + " "
            + type.id();
    Object result = Array.newInstance(data.getClass().getComponentType(), n);
    try (dev.prims.DeviceBuffer buffer = view.upload(HostArrays.copy(data))) {
      dev.prims.Provenance provenance = view.scan(buffer, buffer, op, scanKind);
      assertEquals(variant, provenance.variant(), what + ": provenance variant");
      view.download(buffer, result);
    }
    expectScan(type, op, scanKind, data, result, what);
  }

  private Stream<DynamicNode> cases(
      Prims view, String variant, DType type, ReduceOp op, ScanKind scanKind, List<Integer> sizes) {
    return DataCases.of(
        type,
        op,
        variant,
        sizes,
        (kind, n) -> checkScan(view, variant, type, op, scanKind, kind, n));
  }

  private void checkScan(
      Prims view,
      String variant,
      DType type,
      ReduceOp op,
      ScanKind scanKind,
      DataKind kind,
      int n) {
    long seed = TestData.seed("scan", type, op, kind, n);
    Object data =
        op == ReduceOp.PROD
            ? TestData.productSafe(type, kind, n, seed)
            : TestData.array(type, kind, n, seed);
    Object copy = HostArrays.copy(data);
    String what =
        describe(
            variant,
            scanKind.name().toLowerCase(java.util.Locale.ROOT) + " scan " + op.id(),
            n,
            kind.id(),
            type);
    ScanResult<?> result = Calls.scan(view, data, op, scanKind);
    assertProvenance(result.provenance(), variant, what);
    assertEquals(-1, Checks.firstDifference(copy, data), what + ": the input array was modified");
    expectScan(type, op, scanKind, data, result.values(), what);
  }

  /** Asserts {@code actual} is the scan of {@code data}. */
  protected final void expectScan(
      DType type, ReduceOp op, ScanKind scanKind, Object data, Object actual, String what) {
    ScanExpectation.expect(
        type, op, scanKind, data, actual, chain(type, Array.getLength(data)), what);
  }

  @TestFactory
  Stream<DynamicNode> reproducibleScans() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (ScanKind scanKind : ScanKind.values()) {
      nodes.addAll(
          reproducibleTests(
              Primitive.SCAN,
              lower(scanKind) + " ",
              (variant, type, kind, n) -> checkReproducibleScan(variant, type, scanKind, kind, n)));
    }
    return nodes.stream();
  }

  private static String lower(ScanKind scanKind) {
    return scanKind.name().toLowerCase(java.util.Locale.ROOT);
  }

  private void checkReproducibleScan(
      String variant, DType type, ScanKind scanKind, DataKind kind, int n) {
    Object data = TestData.array(type, kind, n, TestData.seed("reproducible-scan", type, kind, n));
    Prims view = reproducibleView(Primitive.SCAN, variant);
    String what = reproducibleWhat(variant, lower(scanKind) + " scan", n, kind.id(), type);
    if (n > 0 && backend().foldKernels() == null) {
      expectReproducibleRefusal(() -> Calls.scan(view, data, ReduceOp.SUM, scanKind), what);
      return;
    }
    Object actual = Calls.scan(view, data, ReduceOp.SUM, scanKind).values();
    if (n == 0) {
      assertEquals(0, Array.getLength(actual), what);
      return;
    }
    if (!Double.isFinite(ReproducibleReference.maxAbs(data))) {
      expectScan(
          type, ReduceOp.SUM, scanKind, data, actual, what + " (non-finite input: fast path)");
      return;
    }
    Object expected = ReproducibleReference.scan(data, scanKind == ScanKind.INCLUSIVE);
    assertEquals(Array.getLength(expected), Array.getLength(actual), what + ": length");
    Checks.assertSameBits(expected, actual, what);
  }

  @TestFactory
  Stream<DynamicNode> reproducibleScansAgreeWithTheCpuBitForBit() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (ScanKind scanKind : ScanKind.values()) {
      // 2^20 + 3 with random data only: keeps scans fast on CPU devices (PoCL)
      nodes.addAll(
          agreementTests(
              lower(scanKind) + " ",
              true,
              (type, kind, n) -> checkScanAgreement(type, scanKind, kind, n)));
    }
    return nodes.stream();
  }

  private void checkScanAgreement(DType type, ScanKind scanKind, FoldData kind, int n) {
    Object data = kind.array(type, n, TestData.seed("fold-scan", type, kind, n));
    String what = reproducibleWhat(null, lower(scanKind) + " scan", n, kind.id(), type);
    Object copy = HostArrays.copy(data);
    assertFoldAgreement(
        what,
        ReproducibleReference.scan(data, scanKind == ScanKind.INCLUSIVE),
        Primitive.SCAN,
        Sizes.everySetting(kind, n),
        view -> Calls.scan(view, data, ReduceOp.SUM, scanKind),
        ScanResult::provenance,
        ScanResult::values,
        agreement -> {
          assertEquals(
              -1, Checks.firstDifference(copy, data), what + ": the input array was modified");
          if (Sizes.everySetting(kind, n)) {
            addDeviceBufferScans(agreement, type, scanKind, data, copy, what);
          }
        });
  }

  /**
   * Adds the reproducible scans of {@code data} between two device buffers and in place in one,
   * then checks {@code data} still equals {@code copy}.
   */
  private void addDeviceBufferScans(
      Agreement agreement, DType type, ScanKind scanKind, Object data, Object copy, String what) {
    int n = Array.getLength(data);
    Prims view = prims().determinism(Determinism.REPRODUCIBLE);
    Object scanned = Array.newInstance(data.getClass().getComponentType(), n);
    try (dev.prims.DeviceBuffer in = view.upload(data);
        dev.prims.DeviceBuffer out = view.allocate(type, n)) {
      view.scan(in, out, ReduceOp.SUM, scanKind);
      view.download(out, scanned);
    }
    agreement.add("device buffers", scanned);
    Object inPlace = Array.newInstance(data.getClass().getComponentType(), n);
    // a copy: the cpu backend's uploads share the caller's array, which this scan overwrites
    try (dev.prims.DeviceBuffer buffer = view.upload(HostArrays.copy(data))) {
      view.scan(buffer, buffer, ReduceOp.SUM, scanKind);
      view.download(buffer, inPlace);
    }
    agreement.add("device buffer in place", inPlace);
    // the cpu engine below scans data again: it must still be the input (uploads may share it)
    assertEquals(
        -1,
        Checks.firstDifference(copy, data),
        what + ": the input array was modified by the scans on device buffers");
  }

  /**
   * Integer scans and floating MIN/MAX scans give the same exact results in reproducible mode on
   * every variant and launch shape. One operator per type keeps the kernel builds few on devices
   * that compile slowly (PoCL): int SUM, long XOR, float MIN, double MAX.
   */
  @TestFactory
  Stream<DynamicNode> exactScansStayExactInReproducibleMode() {
    List<DynamicNode> tests = new ArrayList<>();
    Map<DType, ReduceOp> ops = new java.util.LinkedHashMap<>();
    ops.put(DType.INT, ReduceOp.SUM);
    ops.put(DType.LONG, ReduceOp.XOR);
    ops.put(DType.FLOAT, ReduceOp.MIN);
    ops.put(DType.DOUBLE, ReduceOp.MAX);
    for (ScanKind scanKind : ScanKind.values()) {
      String scanName = scanKind.name().toLowerCase(java.util.Locale.ROOT);
      ops.forEach(
          (type, op) -> {
            for (int n : Sizes.reproducibleShapes()) {
              long seed = TestData.seed("exact-scan", type, op, scanKind, n);
              List<String> kinds =
                  type.isFloating()
                      ? List.of(
                          FoldData.SUBNORMAL_MIXED.id(),
                          FoldData.MIXED_MAGNITUDES.id(),
                          DataKind.EXTREME.id())
                      : List.of(DataKind.RANDOM.id());
              for (String kind : kinds) {
                tests.add(
                    DynamicTest.dynamicTest(
                        scanName + " " + type.id() + " " + op.id() + " " + kind + " n=" + n,
                        () ->
                            checkExactScanAgreement(
                                op, scanKind, kind, exactScanData(type, kind, n, seed))));
              }
            }
          });
    }
    return tests.stream();
  }

  /** Data of a {@link DataKind} id (integers, extremes) or a {@link FoldData} id (the rest). */
  private static Object exactScanData(DType type, String kind, int n, long seed) {
    String name = kind.toUpperCase(java.util.Locale.ROOT).replace('-', '_');
    if (!type.isFloating() || kind.equals(DataKind.EXTREME.id())) {
      return TestData.array(type, DataKind.valueOf(name), n, seed);
    }
    return FoldData.valueOf(name).array(type, n, seed);
  }

  private void checkExactScanAgreement(ReduceOp op, ScanKind scanKind, String kind, Object data) {
    int n = Array.getLength(data);
    String what =
        reproducibleWhat(
            null,
            scanKind.name().toLowerCase(java.util.Locale.ROOT) + " scan " + op.id(),
            n,
            kind,
            DType.ofArray(data));
    assertReproducibleAgreement(
        what,
        Reference.scan(data, op, scanKind == ScanKind.INCLUSIVE),
        Primitive.SCAN,
        view -> Calls.scan(view, data, op, scanKind).values());
  }

  @Test
  void exclusiveScanStartsWithTheIdentity() {
    for (ReduceOp op : ReduceOp.values()) {
      int[] ints = {5, -3, 9};
      assertEquals(
          op.identity(DType.INT).intValue(),
          prims().scan(ints, op, ScanKind.EXCLUSIVE).values()[0],
          op.id());
      if (op.supports(DType.DOUBLE)) {
        double first = prims().scan(new double[] {2.5, 1}, op, ScanKind.EXCLUSIVE).values()[0];
        assertEquals(op.identity(DType.DOUBLE).doubleValue(), first, op.id());
      }
    }
  }

  @Test
  void emptyScanGivesEmptyResult() {
    assertEquals(0, prims().scan(new long[0], ReduceOp.SUM, ScanKind.INCLUSIVE).values().length);
    assertEquals(0, prims().scan(new float[0], ReduceOp.MIN, ScanKind.EXCLUSIVE).values().length);
  }

  @Test
  void bitwiseScanOfFloatingValuesIsRejected() {
    assertThrows(
        IllegalArgumentException.class,
        () -> prims().scan(new float[] {1}, ReduceOp.XOR, ScanKind.INCLUSIVE));
  }

  @AddLifecycleHook(BackendPropertyHook.class)
  @Property(tries = 50, seed = "20261123")
  void longInclusiveSumsMatchTheReference(@ForAll @Size(max = 5000) long[] values) {
    long[] actual = prims().scan(values, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
    long[] expected = (long[]) Reference.scan(values, ReduceOp.SUM, true);
    assertEquals(-1, Arrays.mismatch(expected, actual), "property: long inclusive sum");
  }
}
