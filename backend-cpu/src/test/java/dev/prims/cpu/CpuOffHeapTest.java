package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.BackendContext;
import dev.prims.spi.CallContext;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Off-heap buffers at small sizes: chunks of 1000 (and 7) elements, so chunk boundaries fall inside
 * every work chunk and window, against the array path of an ordinary backend, bit for bit for every
 * type, operator and variant (floating results included: both paths take the same steps).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CpuOffHeapTest {
  private static final int[] SIZES = {1, 7, 999, 1000, 1001, 2500, 16_385, 131_849};

  private CpuBackend heap;
  private CpuBackend offHeap;
  private CpuBackend tinyChunks;
  private CpuBackend mixed;

  @BeforeAll
  void open() {
    heap = backend(Map.of());
    offHeap =
        backend(
            Map.of(
                CpuBackendProvider.OFF_HEAP_THRESHOLD,
                "0",
                CpuBackendProvider.OFF_HEAP_CHUNK,
                "1000"));
    tinyChunks =
        backend(
            Map.of(
                CpuBackendProvider.OFF_HEAP_THRESHOLD,
                "0",
                CpuBackendProvider.OFF_HEAP_CHUNK,
                "7"));
    mixed =
        backend(
            Map.of(
                CpuBackendProvider.OFF_HEAP_THRESHOLD,
                "1500",
                CpuBackendProvider.OFF_HEAP_CHUNK,
                "1000"));
  }

  @AfterAll
  void close() {
    for (CpuBackend b : new CpuBackend[] {heap, offHeap, tinyChunks, mixed}) {
      if (b != null) {
        b.close();
      }
    }
  }

  static CpuBackend backend(Map<String, String> keys) {
    BackendContext context = key -> Optional.ofNullable(keys.get(key));
    return (CpuBackend) new CpuBackendProvider().create(context);
  }

  private static CallContext call(String variant) {
    return new CallContext(variant, Determinism.FAST);
  }

  private static boolean isOffHeap(DeviceBuffer buffer) {
    return !CpuBuffer.of(buffer).onHeap();
  }

  @Test
  void reduceMatchesTheArrayPathBitForBit() {
    forEachTypeSizeAndOp(
        11,
        (type, n, data, op) -> {
          Number expected = reduce(heap, data, op);
          assertEquals(expected, reduce(offHeap, data, op), type + " " + op + " n=" + n);
          if (n <= 2500) {
            assertEquals(expected, reduce(tinyChunks, data, op), type + " " + op + " n=" + n);
          }
        });
  }

  /** A check of one element type and size on random data, drawing any more from {@code random}. */
  private interface TypeAndSizeCheck {
    void check(DType type, int n, Object data, Random random);
  }

  /**
   * Runs {@code check} for every type and every size of SIZES on random values of that type and
   * size, all drawn from one random seeded by seed.
   */
  private static void forEachTypeAndSize(long seed, TypeAndSizeCheck check) {
    Random random = new Random(seed);
    for (DType type : DType.values()) {
      for (int n : SIZES) {
        check.check(type, n, TestArrays.random(type, n, random), random);
      }
    }
  }

  /** A check of random data of one element type and size with one operator. */
  private interface TypeSizeAndOpCheck {
    void check(DType type, int n, Object data, ReduceOp op);
  }

  /**
   * Runs {@code check} on the random values of every type and size of {@link #forEachTypeAndSize},
   * with every operator the type supports.
   */
  private static void forEachTypeSizeAndOp(long seed, TypeSizeAndOpCheck check) {
    forEachTypeAndSize(
        seed,
        (type, n, data, random) -> {
          for (ReduceOp op : opsOf(type)) {
            check.check(type, n, data, op);
          }
        });
  }

  /** The operators {@code type} supports. */
  private static List<ReduceOp> opsOf(DType type) {
    return Arrays.stream(ReduceOp.values()).filter(op -> op.supports(type)).toList();
  }

  private static Number reduce(CpuBackend backend, Object data, ReduceOp op) {
    try (DeviceBuffer input = backend.buffers().upload(data)) {
      return backend.reducer().reduce(input, op, call(null));
    }
  }

  @Test
  void buffersLongerThanTheThresholdLiveOffTheHeap() {
    try (DeviceBuffer a = heap.buffers().allocate(DType.INT, 2500);
        DeviceBuffer b = offHeap.buffers().allocate(DType.INT, 1);
        DeviceBuffer c = mixed.buffers().upload(new int[1500]);
        DeviceBuffer d = mixed.buffers().upload(new int[1501])) {
      assertFalse(isOffHeap(a));
      assertTrue(isOffHeap(b));
      assertFalse(isOffHeap(c));
      assertTrue(isOffHeap(d));
      assertTrue(d.toString().contains("off-heap"), d.toString());
    }
  }

  @Test
  void scanMatchesTheArrayPathBitForBitInPlaceAndNot() {
    forEachTypeSizeAndOp(
        12,
        (type, n, data, op) -> {
          for (ScanKind kind : ScanKind.values()) {
            for (String variant : heap.variants(Primitive.SCAN)) {
              String what = type + " " + op + " " + kind + " " + variant + " n=" + n;
              Object expected = TestArrays.newArray(type, n);
              try (DeviceBuffer in = heap.buffers().upload(data);
                  DeviceBuffer out = heap.buffers().outputFor(expected)) {
                heap.scanner().scan(in, out, op, kind, call(variant));
              }
              TestArrays.assertSameBits(
                  expected, scanned(offHeap, data, op, kind, variant, false), what);
              TestArrays.assertSameBits(
                  expected, scanned(offHeap, data, op, kind, variant, true), what + " in place");
            }
          }
        });
  }

  private static Object scanned(
      CpuBackend backend,
      Object data,
      ReduceOp op,
      ScanKind kind,
      String variant,
      boolean inPlace) {
    DType type = DType.ofArray(data);
    int n = java.lang.reflect.Array.getLength(data);
    Object result = TestArrays.newArray(type, n);
    try (DeviceBuffer in = backend.buffers().upload(data.getClass().cast(cloneOf(data)));
        DeviceBuffer out = inPlace ? null : backend.buffers().allocate(type, n)) {
      DeviceBuffer target = inPlace ? in : out;
      backend.scanner().scan(in, target, op, kind, call(variant));
      backend.buffers().download(target, result);
    }
    return result;
  }

  private static Object cloneOf(Object array) {
    int n = java.lang.reflect.Array.getLength(array);
    Object copy = TestArrays.newArray(DType.ofArray(array), n);
    System.arraycopy(array, 0, copy, 0, n);
    return copy;
  }

  @Test
  void scanBetweenAHeapAndAnOffHeapBufferOfOneBackend() {
    Random random = new Random(13);
    float[] data = (float[]) TestArrays.random(DType.FLOAT, 1400, random);
    float[] expected = new float[1400];
    try (DeviceBuffer in = heap.buffers().upload(data);
        DeviceBuffer out = heap.buffers().outputFor(expected)) {
      heap.scanner().scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE, call(null));
    }
    try (DeviceBuffer in = mixed.buffers().upload(data);
        DeviceBuffer out = mixed.buffers().allocate(DType.FLOAT, 2600)) {
      assertFalse(isOffHeap(in));
      assertTrue(isOffHeap(out));
      mixed.scanner().scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE, call(null));
      float[] back = new float[1400];
      mixed.buffers().download(out, back);
      assertArrayEquals(expected, back);
      mixed.scanner().scan(in, out, ReduceOp.MAX, ScanKind.EXCLUSIVE, call(null));
      float[] max = new float[1400];
      mixed.buffers().download(out, max);
      float running = Float.NEGATIVE_INFINITY;
      for (int i = 0; i < 1400; i++) {
        assertEquals(running, max[i], "exclusive max at " + i);
        running = Math.max(running, data[i]);
      }
    }
  }

  @Test
  void histogramsOfBothKindsMatchTheArrayPath() {
    forEachTypeAndSize(
        14,
        (type, n, data, random) -> {
          HistogramSpec spec =
              type == DType.INT || type == DType.LONG
                  ? HistogramSpec.keys(1024)
                  : HistogramSpec.even(300, -100.0, 40_000.0);
          long[] expected = new long[spec.bins()];
          long expectedOut;
          try (DeviceBuffer in = heap.buffers().upload(data);
              DeviceBuffer counts = heap.buffers().outputFor(expected)) {
            expectedOut = heap.histogrammer().histogram(in, spec, counts, call(null));
          }
          for (CpuBackend backend : new CpuBackend[] {offHeap, mixed}) {
            long[] counted = new long[spec.bins()];
            try (DeviceBuffer in = backend.buffers().upload(data);
                DeviceBuffer counts = backend.buffers().allocate(DType.LONG, spec.bins())) {
              long out = backend.histogrammer().histogram(in, spec, counts, call(null));
              backend.buffers().download(counts, counted);
              assertEquals(expectedOut, out, type + " n=" + n + ": out of range");
            }
            assertArrayEquals(expected, counted, type + " n=" + n);
          }
        });
  }

  @Test
  void dotMatchesTheArrayPathBitForBit() {
    forEachTypeAndSize(
        15,
        (type, n, a, random) -> {
          Object b = TestArrays.random(type, n, random);
          Number expected;
          try (DeviceBuffer x = heap.buffers().upload(a);
              DeviceBuffer y = heap.buffers().upload(b)) {
            expected = heap.dot().dot(x, y, call(null));
          }
          try (DeviceBuffer x = offHeap.buffers().upload(a);
              DeviceBuffer y = mixed.buffers().upload(b)) {
            assertEquals(expected, offHeap.dot().dot(x, y, call(null)), type + " n=" + n);
          }
        });
  }

  @Test
  void reproducibleModeOverManyWindowsMatchesTheArrayPathBitForBit() {
    int n = 2 * CpuFoldDispatch.WINDOW + 12_345;
    Random random = new Random(18);
    float[] sameGrid = new float[n];
    float[] gridPerWindow = new float[n];
    double[] doubles = new double[n];
    double[] others = new double[n];
    double[] scales = {1, 0x1p40, 0x1p-35};
    for (int i = 0; i < n; i++) {
      double scale = scales[i / CpuFoldDispatch.WINDOW];
      sameGrid[i] = (float) (random.nextDouble() - 0.5);
      gridPerWindow[i] = (float) ((random.nextDouble() - 0.5) * scale);
      doubles[i] = (random.nextDouble() - 0.5) * scale * 0x1p30;
      others[i] = random.nextDouble() - 0.25;
    }
    Map<String, String> offHeapKeys =
        Map.of(
            PrimsConfig.BACKEND, "cpu",
            CpuBackendProvider.OFF_HEAP_THRESHOLD, "1024",
            CpuBackendProvider.OFF_HEAP_CHUNK, "1000");
    try (Prims plain = Prims.create(PrimsConfig.of(Map.of(PrimsConfig.BACKEND, "cpu")));
        Prims off = Prims.create(PrimsConfig.of(offHeapKeys))) {
      Prims a = plain.determinism(Determinism.REPRODUCIBLE);
      Prims b = off.determinism(Determinism.REPRODUCIBLE);
      for (float[] values : new float[][] {sameGrid, gridPerWindow}) {
        assertEquals(
            a.reduce(values, ReduceOp.SUM).asFloat(), b.reduce(values, ReduceOp.SUM).asFloat());
        assertEquals(a.dot(values, sameGrid).asFloat(), b.dot(values, sameGrid).asFloat());
      }
      assertEquals(
          a.reduce(doubles, ReduceOp.SUM).asDouble(), b.reduce(doubles, ReduceOp.SUM).asDouble());
      assertEquals(a.dot(doubles, others).asDouble(), b.dot(doubles, others).asDouble());
      assertArrayEquals(
          a.scan(gridPerWindow, ReduceOp.SUM, ScanKind.INCLUSIVE).values(),
          b.scan(gridPerWindow, ReduceOp.SUM, ScanKind.INCLUSIVE).values());
    }
  }

  @Test
  void uploadsAndDownloadsOfSlicesByteBuffersAndAnyOffset() {
    CpuBufferManager buffers = (CpuBufferManager) offHeap.buffers();
    double[] values = (double[]) TestArrays.random(DType.DOUBLE, 5000, new Random(16));
    try (DeviceBuffer slice = buffers.upload(values, 300, 2500)) {
      assertTrue(isOffHeap(slice));
      assertEquals(2500, slice.length());
      double[] back = new double[3000];
      buffers.download(slice, back, 100, 2400);
      for (int i = 0; i < 3000; i++) {
        assertEquals(i >= 100 && i < 2500 ? values[300 + i - 100] : 0.0, back[i], "element " + i);
      }
    }
    for (boolean direct : new boolean[] {true, false}) {
      ByteBuffer bytes =
          (direct ? ByteBuffer.allocateDirect(8 * 2600) : ByteBuffer.allocate(8 * 2600))
              .order(ByteOrder.nativeOrder());
      for (int i = 0; i < 2600; i++) {
        bytes.putDouble(values[i]);
      }
      bytes.flip().position(8 * 100);
      try (DeviceBuffer fromBytes = buffers.upload(bytes, DType.DOUBLE)) {
        assertTrue(isOffHeap(fromBytes));
        assertEquals(2500, fromBytes.length());
        assertEquals(8 * 100, bytes.position(), "the byte buffer's position is unchanged");
        double[] back = new double[2500];
        buffers.download(fromBytes, back);
        assertArrayEquals(java.util.Arrays.copyOfRange(values, 100, 2600), back);
      }
    }
    try (DeviceBuffer target = buffers.allocate(DType.DOUBLE, 4000)) {
      buffers.write(target, 997, values, 10, 1500);
      ByteBuffer tail = ByteBuffer.allocateDirect(8 * 3).order(ByteOrder.nativeOrder());
      tail.putDouble(1.5).putDouble(-2.5).putDouble(3.5).flip();
      buffers.write(target, 3997, tail);
      double[] back = new double[4000];
      buffers.read(target, 0, back, 0, 4000);
      for (int i = 0; i < 4000; i++) {
        double expected = i >= 997 && i < 2497 ? values[10 + i - 997] : 0.0;
        if (i >= 3997) {
          expected = new double[] {1.5, -2.5, 3.5}[i - 3997];
        }
        assertEquals(expected, back[i], "element " + i);
      }
      double[] part = new double[5];
      buffers.read(target, 2495, part, 1, 4);
      assertArrayEquals(new double[] {0, values[1508], values[1509], 0, 0}, part);
      assertThrows(IllegalArgumentException.class, () -> buffers.write(target, 3999, values, 0, 2));
      assertThrows(IllegalArgumentException.class, () -> buffers.read(target, -1, part, 0, 1));
      assertThrows(
          IllegalArgumentException.class, () -> buffers.write(target, 0, new float[1], 0, 1));
      assertThrows(
          IllegalArgumentException.class, () -> buffers.write(target, 3999, tail.rewind()));
    }
  }

  @Test
  void outputForALongArrayIsOffHeapAndDownloadsIntoIt() {
    long[] result = new long[2500];
    try (DeviceBuffer out = offHeap.buffers().outputFor(result);
        DeviceBuffer in = offHeap.buffers().upload(new Random(17).longs(2500, 0, 9).toArray())) {
      assertTrue(isOffHeap(out));
      offHeap.scanner().scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE, call(null));
      offHeap.buffers().download(out, result);
    }
    assertTrue(result[2499] > 0 && result[2499] >= result[1000], "scanned into the array");
  }

  @Test
  void closingTwiceIsHarmlessAndUseAfterCloseIsAClearException() {
    DeviceBuffer buffer = offHeap.buffers().allocate(DType.FLOAT, 2500);
    DeviceBuffer other = offHeap.buffers().allocate(DType.FLOAT, 2500);
    buffer.close();
    buffer.close();
    assertTrue(buffer.isClosed());
    assertTrue(CpuBuffer.of(other).offHeap() != null);
    assertThrows(
        IllegalStateException.class,
        () -> offHeap.reducer().reduce(buffer, ReduceOp.SUM, call(null)));
    assertThrows(
        IllegalStateException.class, () -> offHeap.buffers().download(buffer, new float[3]));
    assertThrows(IllegalStateException.class, () -> offHeap.dot().dot(buffer, other, call(null)));
    assertThrows(
        IllegalStateException.class,
        () -> offHeap.scanner().scan(other, buffer, ReduceOp.SUM, ScanKind.INCLUSIVE, call(null)));
    assertTrue(CpuBuffer.of(other).offHeap() != null, "the other buffer is untouched");
    assertTrue(((CpuBuffer) buffer).offHeap().isReleased(), "closing frees the memory");
    other.close();
  }

  @Test
  void closingWhileAnotherThreadReadsNeverFreesMemoryUnderIt() throws Exception {
    for (int round = 0; round < 20; round++) {
      DeviceBuffer buffer = offHeap.buffers().upload(new float[200_000]);
      Thread closer =
          new Thread(
              () -> {
                Thread.onSpinWait();
                buffer.close();
              });
      closer.start();
      try {
        assertEquals(0f, offHeap.reducer().reduce(buffer, ReduceOp.SUM, call(null)).floatValue());
      } catch (IllegalStateException expected) {
        assertTrue(expected.getMessage().contains("closed"), expected.getMessage());
      }
      closer.join();
      assertTrue(((CpuBuffer) buffer).offHeap().isReleased());
    }
  }
}
