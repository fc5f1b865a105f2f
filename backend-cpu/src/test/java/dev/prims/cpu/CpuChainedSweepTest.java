package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The chained sweep gives the in-order chain's bits also when a worker stalls while summing its
 * chunk, so that the others look back past it, and when the scan is in place (where a chunk is
 * overwritten once its total is published, so nobody else may sum it then).
 */
class CpuChainedSweepTest {
  private static final int CHUNKS = 40;
  private static final int N = CHUNKS * CpuPolicy.SCAN_CHUNK - 123;
  private static final int STALLED = 5;

  @Test
  void aStalledWorkerLeavesTheBitsUnchanged() {
    SplittableRandom r = new SplittableRandom(3);
    double[] d = new double[N];
    int[] k = new int[N];
    for (int i = 0; i < N; i++) {
      d[i] = (r.nextDouble() - 0.4) * Math.scalb(1.0, r.nextInt(-30, 30));
      k[i] = r.nextInt();
    }
    for (boolean inclusive : new boolean[] {true, false}) {
      assertSameAsInOrder(DType.DOUBLE, d, new double[N], new double[N], ReduceOp.SUM, inclusive);
      assertSameAsInOrder(DType.INT, k, new int[N], new int[N], ReduceOp.SUM, inclusive);
      assertSameAsInOrder(DType.INT, k, new int[N], new int[N], ReduceOp.MAX, inclusive);
    }
  }

  @Test
  void aHelperNeverSumsAChunkThatIsBeingScannedInPlace() {
    SplittableRandom r = new SplittableRandom(5);
    int[] k = new int[N];
    for (int i = 0; i < N; i++) {
      k[i] = r.nextInt(1000);
    }
    for (boolean inclusive : new boolean[] {true, false}) {
      int[] expected = new int[N];
      ScanChunks reference =
          ScanChunks.of(
              DType.INT, k, 0, expected, 0, N, CpuPolicy.SCAN_CHUNK, ReduceOp.SUM, inclusive);
      for (int c = 0; c < reference.chunks; c++) {
        reference.inOrder(c);
      }
      int[] data = k.clone();
      // the owner of the stalled chunk pauses briefly before summing it; anyone else who starts
      // summing it pauses longer, so that the owner has scanned it in place by then
      Stalling steps =
          new Stalling(
              ScanChunks.of(
                  DType.INT, data, 0, data, 0, N, CpuPolicy.SCAN_CHUNK, ReduceOp.SUM, inclusive),
              20,
              80);
      try (CpuParallel parallel = new CpuParallel(4)) {
        CpuScanner.ChainedSweep sweep = new CpuScanner.ChainedSweep(steps);
        parallel.forEachChunk(4, w -> sweep.work());
      }
      assertArrayEquals(expected, data, "in place, inclusive " + inclusive);
    }
  }

  private static void assertSameAsInOrder(
      DType type, Object in, Object expected, Object actual, ReduceOp op, boolean inclusive) {
    ScanChunks reference =
        ScanChunks.of(type, in, 0, expected, 0, N, CpuPolicy.SCAN_CHUNK, op, inclusive);
    for (int c = 0; c < reference.chunks; c++) {
      reference.inOrder(c);
    }
    Stalling steps =
        new Stalling(
            ScanChunks.of(type, in, 0, actual, 0, N, CpuPolicy.SCAN_CHUNK, op, inclusive), 50, 0);
    try (CpuParallel parallel = new CpuParallel(4)) {
      CpuScanner.ChainedSweep sweep = new CpuScanner.ChainedSweep(steps);
      parallel.forEachChunk(4, w -> sweep.work());
    }
    assertTrue(steps.totals.get() >= CHUNKS - 1, "every total but the last was computed");
    if (type == DType.DOUBLE) {
      assertArrayEquals((double[]) expected, (double[]) actual, op + " " + inclusive);
    } else {
      assertArrayEquals((int[]) expected, (int[]) actual, op + " " + inclusive);
    }
  }

  /**
   * Delegates every step; the first total of chunk {@link #STALLED} pauses {@code firstMs}, any
   * later one {@code laterMs}, before summing.
   */
  private static final class Stalling extends ScanChunks {
    private final ScanChunks inner;
    private final long firstMs;
    private final long laterMs;
    private final AtomicInteger totals = new AtomicInteger();
    private final AtomicInteger stalls = new AtomicInteger();

    Stalling(ScanChunks inner, long firstMs, long laterMs) {
      super(inner.n, inner.chunkSize, inner.op, inner.inclusive);
      this.inner = inner;
      this.firstMs = firstMs;
      this.laterMs = laterMs;
    }

    @Override
    void total(int chunk) {
      if (chunk == STALLED) {
        LockSupport.parkNanos((stalls.getAndIncrement() == 0 ? firstMs : laterMs) * 1_000_000L);
      }
      inner.total(chunk);
      totals.incrementAndGet();
    }

    @Override
    void chain(int chunk) {
      inner.chain(chunk);
    }

    @Override
    void scan(int chunk) {
      inner.scan(chunk);
    }
  }
}
