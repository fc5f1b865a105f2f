package dev.prims.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.BackendUnavailableException;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.MemoryLedger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Host arrays through the pinned staging slots with 4 KiB slots, so that a few thousand elements
 * cross many chunk edges: reduce, dot and histogram stream chunk by chunk (kernels on one queue,
 * copies on another), scan and upload/download move whole ranges through the slots. Sizes sit on,
 * just before and just after chunk edges; answers are compared with plain Java (integer sums and
 * counts exactly, double sums of small integers exactly too). Scans carry between chunks on the
 * device, with two to five slots, in place and into ranges.
 */
class OpenClStagingTest {
  /** Slot bytes: 1024 ints, 512 longs or doubles per slot; dot halves them. */
  private static final String CHUNK = "4096";

  private static Prims staged;

  /** Prims on OpenCL alone (no fallback) with {@code settings}: keys and their values in turn. */
  private static Prims openCl(String... settings) {
    PrimsConfig.Builder config = PrimsConfig.builder().backend("opencl").fallback(false);
    for (int i = 0; i < settings.length; i += 2) {
      config.set(settings[i], settings[i + 1]);
    }
    return Prims.create(config.build());
  }

  /** With {@code key} set to {@code value}, the first call finds no backend, saying {@code why}. */
  private static void assertUnavailable(String key, String value, String why) {
    try (Prims prims = openCl(key, value)) {
      BackendUnavailableException e =
          assertThrows(
              BackendUnavailableException.class, () -> prims.reduce(new int[1], ReduceOp.SUM));
      assertTrue(e.getMessage().contains(why), e.getMessage());
    }
  }

  @BeforeAll
  static void open() {
    OpenClTests.assumePlatform();
    staged = openCl(OpenClTransferPolicy.CHUNK_KEY, CHUNK);
  }

  @AfterAll
  static void close() {
    if (staged != null) {
      staged.close();
    }
  }

  /** Small integers, so that every double sum below is exact in any order. */
  private static int[] keys(int n, long seed) {
    return new SplittableRandom(seed).ints(n, 0, 256).toArray();
  }

  @ParameterizedTest
  @ValueSource(ints = {1024, 1025, 2047, 2048, 3071, 5 * 1024 + 7, 100_003})
  void reduceDotAndHistogramStreamAcrossChunkEdges(int n) {
    int[] ints = keys(n, n);
    int[] other = keys(n, n + 1L);
    long sum = 0;
    long dot = 0;
    long[] counts = new long[256];
    for (int i = 0; i < n; i++) {
      sum += ints[i];
      dot += (long) ints[i] * other[i];
      counts[ints[i]]++;
    }
    float[] floats = new float[n];
    double[] doubles = new double[n];
    long[] longs = new long[n];
    float[] otherFloats = new float[n];
    for (int i = 0; i < n; i++) {
      floats[i] = ints[i];
      doubles[i] = ints[i];
      longs[i] = ints[i];
      otherFloats[i] = other[i];
    }
    assertEquals((int) sum, staged.reduce(ints, ReduceOp.SUM).asInt());
    assertEquals(sum, staged.reduce(longs, ReduceOp.SUM).asLong());
    // float sums pass 2^24 at the largest size: within the fast mode's rounding, not exact
    assertEquals(sum, staged.reduce(floats, ReduceOp.SUM).asFloat(), 1e-5 * sum);
    assertEquals((double) sum, staged.reduce(doubles, ReduceOp.SUM).asDouble());
    assertEquals(255, staged.reduce(ints, ReduceOp.MAX).asInt());
    assertEquals((int) dot, staged.dot(ints, other).asInt());
    assertEquals(dot, staged.dot(floats, otherFloats).asFloat(), 1e-5 * dot);
    HistogramResult h = staged.histogram(ints, 256);
    assertArrayEquals(counts, h.counts());
    assertEquals(0, h.outOfRange());
    HistogramResult even = staged.histogram(doubles, HistogramSpec.even(128, 0, 128));
    long below128 = 0;
    for (int i = 0; i < 128; i++) {
      assertEquals(counts[i], even.counts()[i], "bin " + i);
      below128 += counts[i];
    }
    assertEquals(n - below128, even.outOfRange());
  }

  @ParameterizedTest
  @ValueSource(ints = {1024, 1025, 4096, 4095, 100_003})
  void scansAndTransfersGoThroughTheSlotsWholeAndInRanges(int n) {
    long[] values = new SplittableRandom(n).longs(n, -1000, 1000).toArray();
    long[] expected = values.clone();
    for (int i = 1; i < n; i++) {
      expected[i] += expected[i - 1];
    }
    assertArrayEquals(expected, staged.scan(values, ReduceOp.SUM, ScanKind.INCLUSIVE).values());
    long[] into = new long[n + 10];
    staged.scan(values, 0, into, 5, n, ReduceOp.SUM, ScanKind.INCLUSIVE);
    for (int i = 0; i < n; i++) {
      assertEquals(expected[i], into[5 + i], "element " + i);
    }
    assertEquals(0, into[4]);
    assertEquals(0, into[n + 5]);
    try (DeviceBuffer buffer = staged.upload(values)) {
      long[] back = new long[n];
      staged.download(buffer, back);
      assertArrayEquals(values, back);
    }
    assertEquals(DType.LONG, DType.ofArray(values));
  }

  /**
   * Heap and direct byte buffers go through the slots when large, else straight or through an
   * array, and come back alike.
   */
  @ParameterizedTest
  @ValueSource(ints = {3, 511, 512, 4097, 100_003})
  void byteBuffersGoThroughTheSlotsWhenLarge(int n) {
    double[] values = new SplittableRandom(n).doubles(n).toArray();
    for (boolean direct : new boolean[] {false, true}) {
      ByteBuffer data =
          (direct ? ByteBuffer.allocateDirect(8 * n) : ByteBuffer.allocate(8 * n))
              .order(ByteOrder.nativeOrder());
      data.asDoubleBuffer().put(values);
      try (DeviceBuffer buffer = staged.upload(data, DType.DOUBLE)) {
        ByteBuffer back =
            (direct ? ByteBuffer.allocateDirect(8 * n) : ByteBuffer.allocate(8 * n))
                .order(ByteOrder.nativeOrder());
        staged.download(buffer, back);
        double[] read = new double[n];
        back.asDoubleBuffer().get(read);
        assertArrayEquals(values, read, "direct " + direct);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"2", "3", "5"})
  void scansCarryAcrossChunksExclusiveAndInclusiveInPlaceAndIntoARange(String slots) {
    int n = 20_000 + Integer.parseInt(slots);
    int[] values = new SplittableRandom(n).ints(n, -1000, 1000).toArray();
    try (Prims prims =
        openCl(
            OpenClTransferPolicy.CHUNK_KEY,
            CHUNK,
            OpenClTransferPolicy.SLOTS_KEY,
            slots,
            OpenClTransferPolicy.THREADS_KEY,
            "2")) {
      for (ReduceOp op : new ReduceOp[] {ReduceOp.SUM, ReduceOp.MAX}) {
        for (ScanKind kind : ScanKind.values()) {
          int[] want = new int[n];
          int acc = op == ReduceOp.MAX ? Integer.MIN_VALUE : 0;
          for (int i = 0; i < n; i++) {
            int next = op == ReduceOp.MAX ? Math.max(acc, values[i]) : acc + values[i];
            want[i] = kind == ScanKind.EXCLUSIVE ? acc : next;
            acc = next;
          }
          String what = op + " " + kind + " with " + slots + " slots";
          assertArrayEquals(want, prims.scan(values, op, kind).values(), what);
          int[] into = new int[n + 6];
          prims.scan(values, 0, into, 3, n, op, kind);
          for (int i = 0; i < n; i++) {
            assertEquals(want[i], into[3 + i], what + ", element " + i);
          }
          assertEquals(0, into[2]);
          assertEquals(0, into[n + 3]);
          int[] inPlace = values.clone();
          prims.scan(inPlace, 0, inPlace, 0, n, op, kind);
          assertArrayEquals(want, inPlace, what + ", in place");
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"1", "17"})
  void badSlotCountsMakeTheBackendUnavailableNamingTheKey(String slots) {
    assertUnavailable(
        OpenClTransferPolicy.SLOTS_KEY,
        slots,
        OpenClTransferPolicy.SLOTS_KEY + " must be an integer in [2, 16], got ");
  }

  @ParameterizedTest
  @ValueSource(strings = {"4095", "100", "abc", "2147483632"})
  void aBadChunkSizeMakesTheBackendUnavailableNamingTheKey(String chunk) {
    assertUnavailable(
        OpenClTransferPolicy.CHUNK_KEY,
        chunk,
        OpenClTransferPolicy.CHUNK_KEY + " must be a multiple of 16");
  }

  @ParameterizedTest
  @ValueSource(strings = {"pageable", "staged"})
  void bothHostPathsAgreeAndStagingIsGivenBackOnClose(String path) {
    int[] values = keys(50_000, 3);
    long sum = 0;
    for (int v : values) {
      sum += v;
    }
    Prims prims =
        openCl(OpenClTransferPolicy.HOST_PATH_KEY, path, OpenClTransferPolicy.CHUNK_KEY, CHUNK);
    MemoryLedger ledger;
    try {
      assertEquals((int) sum, prims.reduce(values, ReduceOp.SUM).asInt());
      ledger = prims.primaryBackend().ledger().orElseThrow();
      assertEquals(
          path.equals("staged"),
          ledger.usage().stagingBytes() > 0,
          "staging held on the " + path + " path: " + ledger);
    } finally {
      prims.close();
    }
    assertEquals(0, ledger.usage().stagingBytes(), ledger.toString());
  }
}
