package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.EvenBins;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Host arrays (reduce, dot, histogram) on the staged path (pinned slots, several chunks, copy
 * overlapping compute) against the pageable path and exact references, and the transfer counter: a
 * chain of calls on device buffers moves no input to the host. Skipped without a CUDA device.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CudaStagedTransferTest {
  /** Several chunks of every type, and a length that is not a multiple of any vector width. */
  private static final int N = 3 * CudaTransferPolicy.defaults().chunkElements(1, 4) + 12_345;

  private Prims staged;
  private Prims pageable;

  @BeforeAll
  void open() {
    staged = Prims.create(CudaTests.cudaOnly().build());
    CudaTests.assumeDevice(staged);
    pageable =
        Prims.create(
            CudaTests.cudaOnly().set(CudaTransferPolicy.HOST_PATH_KEY, "pageable").build());
  }

  @AfterAll
  void close() {
    if (staged != null) {
      staged.close();
    }
    if (pageable != null) {
      pageable.close();
    }
  }

  @Test
  void intSumMaxAndDotOverSeveralChunksAreExact() {
    SplittableRandom random = new SplittableRandom(7);
    int[] a = new int[N];
    int[] b = new int[N];
    for (int i = 0; i < N; i++) {
      a[i] = random.nextInt();
      b[i] = random.nextInt(1000);
    }
    a[N - 1] = Integer.MAX_VALUE;
    int sum = 0;
    int dot = 0;
    for (int i = 0; i < N; i++) {
      sum += a[i];
      dot += a[i] * b[i];
    }
    assertEquals(sum, staged.reduce(a, ReduceOp.SUM).asInt());
    assertEquals(Integer.MAX_VALUE, staged.reduce(a, ReduceOp.MAX).asInt());
    assertEquals(dot, staged.dot(a, b).asInt());
    assertEquals(sum, pageable.reduce(a, ReduceOp.SUM).asInt());
  }

  @Test
  void floatSumOverSeveralChunksIsWithinTheBoundAndAgreesWithPageable() {
    SplittableRandom random = new SplittableRandom(11);
    float[] x = new float[N];
    double exact = 0;
    double magnitude = 0;
    for (int i = 0; i < N; i++) {
      x[i] = (float) (random.nextDouble() * 2 - 0.5);
      exact += x[i];
      magnitude += Math.abs(x[i]);
    }
    long chain = staged.primaryBackend().sequentialChain(DType.FLOAT, N);
    double bound = (chain + 64 - Long.numberOfLeadingZeros(N)) * Math.ulp(1.0f) / 2 * magnitude;
    Scalar s = staged.reduce(x, ReduceOp.SUM);
    Scalar p = pageable.reduce(x, ReduceOp.SUM);
    assertEquals(exact, s.asFloat(), bound, "staged sum");
    assertEquals(exact, p.asFloat(), bound, "pageable sum");
    assertEquals(
        staged.primaryBackend().variants(Primitive.REDUCE).get(0), s.provenance().variant());
  }

  @Test
  void histogramsOverSeveralChunksMatchThePageablePathAndTheHost() {
    SplittableRandom random = new SplittableRandom(13);
    float[] x = new float[N];
    long[] expected = new long[100];
    long outside = 0;
    HistogramSpec spec = HistogramSpec.even(100, 0, 1);
    EvenBins bins = EvenBins.of(spec, DType.FLOAT);
    for (int i = 0; i < N; i++) {
      x[i] = (float) (random.nextDouble() * 1.2 - 0.1);
      int b = bins.binOf(x[i]);
      if (b < 0) {
        outside++;
      } else {
        expected[b]++;
      }
    }
    for (String variant : staged.primaryBackend().variants(Primitive.HISTOGRAM)) {
      HistogramResult s = staged.variant(Primitive.HISTOGRAM, variant).histogram(x, spec);
      assertArrayEquals(expected, s.counts(), variant);
      assertEquals(outside, s.outOfRange(), variant);
    }
    HistogramResult p = pageable.histogram(x, spec);
    assertArrayEquals(expected, p.counts());
  }

  @Test
  void uploadsAndDownloadsOfSeveralChunksRoundTripEveryTypeAndSlice() {
    SplittableRandom random = new SplittableRandom(11);
    int[] ints = random.ints(N).toArray();
    long[] longs = random.longs(N).toArray();
    double[] doubles = random.doubles(N).toArray();
    float[] floats = new float[N];
    for (int i = 0; i < N; i++) {
      floats[i] = (float) doubles[i];
    }
    int offset = 7;
    int length = N - 13;
    for (Object array : new Object[] {ints, longs, floats, doubles}) {
      Object whole = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), N);
      try (DeviceBuffer all = staged.upload(array);
          DeviceBuffer slice = staged.upload(array, offset, length)) {
        staged.download(all, whole);
        Object back = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), N);
        staged.download(slice, back, offset, length);
        String type = array.getClass().getComponentType().getName();
        assertTrue(java.util.Objects.deepEquals(array, whole), type + " whole array");
        for (int i : new int[] {0, offset - 1, N - 6, N - 1}) {
          assertEquals(0.0, ((Number) java.lang.reflect.Array.get(back, i)).doubleValue(), type);
        }
        for (int i : new int[] {offset, offset + length / 2, offset + length - 1}) {
          assertEquals(
              java.lang.reflect.Array.get(array, i), java.lang.reflect.Array.get(back, i), type);
        }
      }
    }
  }

  @Test
  void scansOfHostArraysOverSeveralChunksMatchThePageablePath() {
    int[] ints = new SplittableRandom(12).ints(N, -1000, 1000).toArray();
    int[] expected = ints.clone();
    java.util.Arrays.parallelPrefix(expected, Integer::sum);
    assertArrayEquals(
        expected, staged.scan(ints, ReduceOp.SUM, ScanKind.INCLUSIVE).values(), "staged");
    assertArrayEquals(
        expected, pageable.scan(ints, ReduceOp.SUM, ScanKind.INCLUSIVE).values(), "pageable");
  }

  @Test
  void stagedTransfersCountEveryInputByteOnceAndOneResult() {
    float[] x = new float[N];
    java.util.Arrays.fill(x, 0.25f);
    CudaTransferCounter counter = CudaTransferCounter.of(staged).orElseThrow();
    counter.reset();
    assertEquals(0.25f * N, staged.reduce(x, ReduceOp.SUM).asFloat(), 1e-3 * N);
    assertEquals(4L * N, counter.bytesToDevice(), counter.toString());
    assertEquals(4L, counter.bytesToHost(), counter.toString());
    double[] y = new double[N];
    java.util.Arrays.fill(y, 2.0);
    counter.reset();
    assertEquals(4.0 * N, staged.dot(y, y).asDouble());
    assertEquals(2 * 8L * N, counter.bytesToDevice(), counter.toString());
    assertEquals(8L, counter.bytesToHost(), counter.toString());
  }

  @Test
  void scanHistogramReduceChainOnDeviceBuffersMovesOnlyTheAnswers() {
    int n = 1 << 22;
    int[] ones = new int[n];
    java.util.Arrays.fill(ones, 1);
    CudaTransferCounter counter = CudaTransferCounter.of(staged).orElseThrow();
    try (DeviceBuffer input = staged.upload(ones);
        DeviceBuffer prefix = staged.allocate(DType.INT, n);
        DeviceBuffer counts = staged.allocate(DType.LONG, 1024)) {
      counter.reset();
      staged.scan(input, prefix, ReduceOp.SUM, ScanKind.EXCLUSIVE);
      long outOfRange = staged.histogram(prefix, HistogramSpec.keys(1024), counts);
      long inRange = staged.reduce(counts, ReduceOp.SUM).asLong();
      assertEquals(0, counter.bytesToDevice(), counter.toString());
      assertTrue(counter.bytesToHost() <= 64, counter.toString());
      assertEquals(1024, inRange);
      assertEquals(n - 1024, outOfRange);
    }
  }
}
