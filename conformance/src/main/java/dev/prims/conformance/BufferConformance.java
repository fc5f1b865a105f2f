package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.MemoryLedger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Device buffers: closing twice, use after close, an upload being a copy, slices and native-order
 * byte buffers, a scan -> histogram -> reduce chain that stays on the device, aliasing, buffers of
 * another engine, closing with the engine, and the backend's memory ledger (with the warning for an
 * unclosed buffer), each checked against plain Java.
 */
public abstract class BufferConformance extends BackendConformance {
  private static final int N = 100_003;

  @Test
  void closingTwiceIsHarmlessAndUseAfterCloseIsAClearException() {
    Prims prims = prims();
    for (DType type : DType.values()) {
      DeviceBuffer buffer = prims.allocate(type, 17);
      buffer.close();
      buffer.close();
      assertTrue(buffer.isClosed(), backendId() + " " + type.id() + " buffer says it is open");
      assertThrows(IllegalStateException.class, () -> prims.reduce(buffer, ReduceOp.MAX));
      assertThrows(IllegalStateException.class, () -> prims.download(buffer, newArray(type, 17)));
      try (DeviceBuffer other = prims.allocate(type, 17)) {
        assertThrows(IllegalStateException.class, () -> prims.dot(buffer, other));
        assertThrows(
            IllegalStateException.class,
            () -> prims.scan(buffer, other, ReduceOp.SUM, ScanKind.INCLUSIVE));
      }
    }
  }

  @Test
  void writesFillABufferSliceBySliceAndKernelsSeeThem() {
    Prims prims = prims();
    for (DType type : DType.values()) {
      Object expected = sequence(type, N, 3);
      try (DeviceBuffer buffer = prims.upload(expected)) {
        int[][] slices = {
          {0, 1000}, {N / 2 - 777, 40_000}, {N - 5, 5}, {12_345, 0}, {N - 70_000, 70_000}
        };
        for (int[] slice : slices) {
          Object part = sequence(type, slice[1] + 10, 7 + slice[0]);
          prims.write(buffer, slice[0], part, 10, slice[1]);
          System.arraycopy(part, 10, expected, slice[0], slice[1]);
        }
        Object back = newArray(type, N);
        prims.download(buffer, back);
        assertTrue(
            java.util.Objects.deepEquals(new Object[] {expected}, new Object[] {back}),
            backendId() + " " + type.id() + ": the buffer differs from the slices written");
        if (type == DType.INT || type == DType.LONG) {
          long sum = 0;
          for (int i = 0; i < N; i++) {
            sum += ((Number) java.lang.reflect.Array.get(expected, i)).longValue();
          }
          Number got = prims.reduce(buffer, ReduceOp.SUM).value();
          assertEquals(
              type == DType.INT ? (long) (int) sum : sum,
              got.longValue(),
              backendId() + " " + type.id() + ": a kernel after the writes");
        }
        Object one = newArray(type, 1);
        assertThrows(IllegalArgumentException.class, () -> prims.write(buffer, N, one));
        assertThrows(IllegalArgumentException.class, () -> prims.write(buffer, -1, one));
        assertThrows(
            IllegalArgumentException.class,
            () -> prims.write(buffer, 0, newArray(type == DType.INT ? DType.LONG : DType.INT, 1)));
      }
    }
  }

  /** {@code n} elements {@code (i * 31 + seed) % 1009}, as {@code type}. */
  private static Object sequence(DType type, int n, int seed) {
    Object a = newArray(type, n);
    for (int i = 0; i < n; i++) {
      long v = ((long) i * 31 + seed) % 1009;
      switch (type) {
        case INT -> ((int[]) a)[i] = (int) v;
        case LONG -> ((long[]) a)[i] = v << 20;
        case FLOAT -> ((float[]) a)[i] = v / 8f;
        case DOUBLE -> ((double[]) a)[i] = v / 16.0;
      }
    }
    return a;
  }

  @Test
  void anUploadIsACopyOfTheCallersArray() {
    Prims prims = prims();
    int[] values = {5, 1, 4, 2, 3};
    try (DeviceBuffer buffer = prims.upload(values);
        DeviceBuffer ones = prims.upload(new int[] {1, 1, 1, 1, 1})) {
      values[0] = 100;
      assertEquals(
          15,
          prims.reduce(buffer, ReduceOp.SUM).asInt(),
          backendId() + ": the buffer saw a change");
      prims.scan(ones, buffer, ReduceOp.SUM, ScanKind.INCLUSIVE);
      assertArrayEquals(
          new int[] {100, 1, 4, 2, 3}, values, backendId() + ": a write to the buffer reached it");
      int[] back = new int[5];
      prims.download(buffer, back);
      assertArrayEquals(new int[] {1, 2, 3, 4, 5}, back);
    }
  }

  @Test
  void slicesAndByteBuffersRoundTrip() {
    Prims prims = prims();
    long[] values = new Random(5).longs(1000).toArray();
    try (DeviceBuffer slice = prims.upload(values, 100, 300)) {
      assertEquals(300, slice.length());
      long[] back = new long[500];
      prims.download(slice, back, 50, 300);
      for (int i = 0; i < 300; i++) {
        assertEquals(values[100 + i], back[50 + i], "element " + i);
      }
    }
    ByteBuffer bytes = ByteBuffer.allocateDirect(8 * 64).order(ByteOrder.nativeOrder());
    double[] doubles = new double[64];
    for (int i = 0; i < 64; i++) {
      doubles[i] = i * 0.5 - 7;
      bytes.putDouble(doubles[i]);
    }
    bytes.flip();
    try (DeviceBuffer fromBytes = prims.upload(bytes, DType.DOUBLE)) {
      double[] back = new double[64];
      prims.download(fromBytes, back);
      assertArrayEquals(doubles, back);
    }
  }

  /**
   * Large byte buffers (over the GPU backends' staging threshold and across several staging
   * chunks), direct and on the heap, from a position other than 0: the device holds exactly their
   * remaining elements.
   */
  @Test
  void largeByteBuffersUploadTheirRemainingElements() {
    Prims prims = prims();
    int skip = 3;
    int n = 5_000_003;
    for (boolean direct : new boolean[] {true, false}) {
      int bytes = 4 * (skip + n);
      ByteBuffer data =
          (direct ? ByteBuffer.allocateDirect(bytes) : ByteBuffer.allocate(bytes))
              .order(ByteOrder.nativeOrder());
      float[] expected = new float[n];
      for (int i = 0; i < skip + n; i++) {
        float value = (i * 7919 % 100_003) - 50_000.5f;
        data.putFloat(value);
        if (i >= skip) {
          expected[i - skip] = value;
        }
      }
      data.position(4 * skip);
      try (DeviceBuffer buffer = prims.upload(data, DType.FLOAT)) {
        assertEquals(n, buffer.length(), direct ? "direct" : "heap");
        float[] back = new float[n];
        prims.download(buffer, back);
        assertArrayEquals(expected, back, direct ? "direct" : "heap");
      }
      assertEquals(4 * skip, data.position(), "the position is unchanged");
    }
  }

  /**
   * Downloads into byte buffers, direct and on the heap, large (over the GPU backends' staging
   * threshold and across several chunks) and small, from a position other than 0: the elements land
   * from that position on, the bytes around them and the position are unchanged.
   */
  @Test
  void downloadsLandInByteBuffersFromTheirPosition() {
    Prims prims = prims();
    int skip = 5;
    for (int n : new int[] {100, 5_000_003}) {
      double[] values = new double[n];
      for (int i = 0; i < n; i++) {
        values[i] = i * 0.25 - 1000.5;
      }
      try (DeviceBuffer buffer = prims.upload(values)) {
        for (boolean direct : new boolean[] {true, false}) {
          int bytes = 8 * (skip + n + 2);
          ByteBuffer data =
              (direct ? ByteBuffer.allocateDirect(bytes) : ByteBuffer.allocate(bytes))
                  .order(ByteOrder.nativeOrder());
          for (int i = 0; i < skip + n + 2; i++) {
            data.putDouble(8 * i, -7.0);
          }
          data.position(8 * skip);
          prims.download(buffer, data);
          String what = (direct ? "direct" : "heap") + " buffer, n=" + n;
          assertEquals(8 * skip, data.position(), what + ": the position is unchanged");
          double[] all = new double[skip + n + 2];
          data.duplicate().order(ByteOrder.nativeOrder()).position(0).asDoubleBuffer().get(all);
          assertEquals(-7.0, all[skip - 1], what + ": the byte before");
          assertEquals(-7.0, all[skip + n], what + ": the byte after");
          assertArrayEquals(values, Arrays.copyOfRange(all, skip, skip + n), what);
        }
      }
    }
  }

  @Test
  void scanHistogramReduceChainStaysCorrectOnTheDevice() {
    Prims prims = prims();
    int[] keys = new Random(9).ints(N, 0, 4).toArray();
    int bins = 4096;
    int[] prefix = new int[N];
    long[] expectedCounts = new long[bins];
    long expectedOut = 0;
    int running = 0;
    for (int i = 0; i < N; i++) {
      prefix[i] = running;
      running += keys[i];
      if (prefix[i] < bins) {
        expectedCounts[prefix[i]]++;
      } else {
        expectedOut++;
      }
    }
    try (DeviceBuffer input = prims.upload(keys);
        DeviceBuffer scanned = prims.allocate(DType.INT, N);
        DeviceBuffer counts = prims.allocate(DType.LONG, bins)) {
      prims.scan(input, scanned, ReduceOp.SUM, ScanKind.EXCLUSIVE);
      long out = prims.histogram(scanned, HistogramSpec.keys(bins), counts);
      long total = prims.reduce(counts, ReduceOp.SUM).asLong();
      assertEquals(expectedOut, out, backendId() + ": out-of-range count of the chain");
      assertEquals(N - expectedOut, total, backendId() + ": sum of the chain's counts");
      long[] counted = new long[bins];
      prims.download(counts, counted);
      assertArrayEquals(expectedCounts, counted, backendId() + ": the chain's counts");
    }
  }

  @Test
  void aHistogramIntoItsOwnValuesBufferIsRejectedAndInPlaceScanWorks() throws Exception {
    Prims prims = prims();
    long[] keys = {0, 1, 2, 3, 4, 5, 6, 7};
    try (DeviceBuffer both = prims.upload(keys)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> prims.histogram(both, HistogramSpec.keys(8), both));
      assertTrue(e.getMessage().contains("values buffer"), e.getMessage());
      java.util.concurrent.ExecutionException async =
          assertThrows(
              java.util.concurrent.ExecutionException.class,
              () -> prims.histogramAsync(both, HistogramSpec.keys(8), both).get());
      assertTrue(async.getCause() instanceof IllegalArgumentException, async.toString());
      long[] back = new long[8];
      prims.download(both, back);
      assertArrayEquals(keys, back, backendId() + ": the rejected call changed the buffer");
      prims.scan(both, both, ReduceOp.SUM, ScanKind.INCLUSIVE);
      prims.download(both, back);
      assertArrayEquals(new long[] {0, 1, 3, 6, 10, 15, 21, 28}, back, "in-place scan");
    }
  }

  @Test
  void aBufferOfAnotherEngineIsRejectedBeforeAnyLaunch() throws Exception {
    Prims prims = prims();
    try (Prims other = newEngine();
        DeviceBuffer foreign = other.upload(new long[] {1, 2, 3, 4});
        DeviceBuffer own = prims.upload(new long[] {5, 6, 7, 8});
        DeviceBuffer counts = prims.allocate(DType.LONG, 4)) {
      List<Executable> calls =
          List.of(
              () -> prims.reduce(foreign, ReduceOp.SUM),
              () -> prims.scan(foreign, own, ReduceOp.SUM, ScanKind.INCLUSIVE),
              () -> prims.scan(own, foreign, ReduceOp.SUM, ScanKind.INCLUSIVE),
              () -> prims.histogram(foreign, HistogramSpec.keys(4), counts),
              () -> prims.dot(own, foreign),
              () -> prims.download(foreign, new long[4]),
              () -> prims.reduceAsync(foreign, ReduceOp.SUM).join());
      for (int i = 0; i < calls.size(); i++) {
        Throwable thrown = assertThrows(Throwable.class, calls.get(i), "call " + i);
        Throwable e =
            thrown instanceof java.util.concurrent.CompletionException ? thrown.getCause() : thrown;
        assertTrue(e instanceof IllegalArgumentException, "call " + i + ": " + e);
        assertTrue(
            e.getMessage().contains("does not belong to this " + backendId() + " backend"),
            "call " + i + ": " + e.getMessage());
      }
      assertEquals(10L, other.reduce(foreign, ReduceOp.SUM).asLong(), "fine on its own engine");
      assertEquals(26L, prims.reduce(own, ReduceOp.SUM).asLong(), "this engine still works");
    }
  }

  @Test
  void closingAnEngineClosesItsBuffersAndEmptiesItsLedger() {
    Prims other = newEngine();
    MemoryLedger ledger = other.primaryBackend().ledger().orElseThrow();
    DeviceBuffer buffer = other.upload(new int[] {1, 2, 3});
    DeviceBuffer allocated = other.allocate(DType.DOUBLE, 1000);
    assertTrue(ledger.usage().buffers() >= 2, ledger.toString());
    other.close();
    assertTrue(buffer.isClosed(), backendId() + ": a buffer outlived its engine");
    assertTrue(allocated.isClosed(), backendId() + ": a buffer outlived its engine");
    assertEquals(0, ledger.usage().buffers(), ledger.toString());
    assertEquals(0, ledger.usage().bufferBytes(), ledger.toString());
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> prims().reduce(buffer, ReduceOp.SUM));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> prims().download(buffer, new int[3]));
    buffer.close();
  }

  @Test
  void theLedgerCountsEveryBufferUntilItIsClosed() {
    Prims prims = prims();
    MemoryLedger ledger =
        backend()
            .ledger()
            .orElseThrow(() -> new AssertionError(backendId() + " keeps no memory ledger"));
    MemoryLedger.Usage before = ledger.usage();
    DeviceBuffer allocated = prims.allocate(DType.FLOAT, 1000);
    DeviceBuffer uploaded = prims.upload(new long[] {1, 2, 3});
    DeviceBuffer slice = prims.upload(new double[100], 10, 50);
    MemoryLedger.Usage during = ledger.usage();
    assertEquals(before.buffers() + 3, during.buffers(), during.toString());
    assertEquals(before.bufferBytes() + 4000 + 24 + 400, during.bufferBytes(), during.toString());
    prims.reduce(allocated, ReduceOp.MAX);
    prims.scan(new int[100_000], ReduceOp.SUM, ScanKind.INCLUSIVE);
    allocated.close();
    uploaded.close();
    slice.close();
    MemoryLedger.Usage after = ledger.usage();
    assertEquals(before.buffers(), after.buffers(), after.toString());
    assertEquals(before.bufferBytes(), after.bufferBytes(), "buffers back to start: " + after);
  }

  @Test
  void anUnclosedBufferIsFreedWithAWarning() throws Exception {
    MemoryLedger ledger = backend().ledger().orElseThrow();
    List<String> warned = new java.util.concurrent.CopyOnWriteArrayList<>();
    java.util.function.Predicate<String> expected =
        w -> w.startsWith(backendId()) && w.contains(" buffer of 2500 float was never closed");
    try (AutoCloseable listening = BufferCleaner.listen(warned::add)) {
      long before = ledger.usage().bufferBytes();
      leakOne();
      assertEquals(before + 10_000, ledger.usage().bufferBytes(), ledger.toString());
      for (int i = 0; i < 500 && warned.stream().noneMatch(expected); i++) {
        System.gc();
        Thread.sleep(20);
      }
      assertTrue(
          warned.stream().anyMatch(expected),
          backendId() + ": no warning for an unclosed buffer, got " + warned);
      // the cleaner warns, then frees: under load the free may follow the warning a while later
      for (int i = 0; i < 500 && ledger.usage().bufferBytes() != before; i++) {
        Thread.sleep(20);
      }
      assertEquals(before, ledger.usage().bufferBytes(), "freed: " + ledger);
    }
  }

  private void leakOne() {
    DeviceBuffer leaked = prims().allocate(DType.FLOAT, 2500);
    assertEquals(2500, leaked.length());
  }

  private static Object newArray(DType type, int n) {
    return java.lang.reflect.Array.newInstance(type.arrayClass().getComponentType(), n);
  }
}
