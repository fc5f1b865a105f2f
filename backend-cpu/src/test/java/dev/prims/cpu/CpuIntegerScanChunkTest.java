package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Integer scans take chunks sized to the workers' shares (floating scans keep {@link
 * CpuPolicy#SCAN_CHUNK}, which fixes their bits), and a chunk size that is not a power of two still
 * gives the plain prefix, in place and into another array.
 */
class CpuIntegerScanChunkTest {

  @Test
  void integerChunksFollowTheWorkersSharesWithinTheirBounds() {
    assertEquals(CpuPolicy.SCAN_CHUNK, CpuPolicy.scanChunk(DType.FLOAT, 1L << 28, 16));
    assertEquals(CpuPolicy.SCAN_CHUNK, CpuPolicy.scanChunk(DType.DOUBLE, 1L << 28, 2));
    assertEquals(CpuPolicy.SCAN_CHUNK, CpuPolicy.scanChunk(DType.INT, 1 << 20, 16));
    assertEquals(CpuPolicy.INTEGER_SCAN_CHUNK, CpuPolicy.scanChunk(DType.INT, 1 << 24, 16));
    assertEquals(CpuPolicy.INTEGER_SCAN_CHUNK, CpuPolicy.scanChunk(DType.LONG, 1L << 28, 2));
    assertEquals(20001, CpuPolicy.scanChunk(DType.LONG, 16 * 20001, 4));
  }

  @Test
  void anOddChunkSizeGivesThePlainPrefix() {
    int n = 16 * 20001 + 77;
    int chunk = CpuPolicy.scanChunk(DType.INT, n, 4);
    assertEquals(20005, chunk);
    SplittableRandom r = new SplittableRandom(11);
    int[] ints = new int[n];
    long[] longs = new long[n];
    for (int i = 0; i < n; i++) {
      ints[i] = r.nextInt();
      longs[i] = r.nextLong();
    }
    for (boolean inclusive : new boolean[] {true, false}) {
      int[] expectedInts = new int[n];
      long[] expectedLongs = new long[n];
      int runningInt = 0;
      long runningLong = 0;
      for (int i = 0; i < n; i++) {
        if (!inclusive) {
          expectedInts[i] = runningInt;
          expectedLongs[i] = runningLong;
        }
        runningInt += ints[i];
        runningLong += longs[i];
        if (inclusive) {
          expectedInts[i] = runningInt;
          expectedLongs[i] = runningLong;
        }
      }
      int[] inPlace = ints.clone();
      sweep(ScanChunks.of(DType.INT, inPlace, 0, inPlace, 0, n, chunk, ReduceOp.SUM, inclusive));
      assertArrayEquals(expectedInts, inPlace, "int in place, inclusive " + inclusive);
      long[] out = new long[n];
      sweep(ScanChunks.of(DType.LONG, longs, 0, out, 0, n, chunk, ReduceOp.SUM, inclusive));
      assertArrayEquals(expectedLongs, out, "long into another array, inclusive " + inclusive);
    }
  }

  private static void sweep(ScanChunks steps) {
    try (CpuParallel parallel = new CpuParallel(4)) {
      CpuScanner.ChainedSweep sweep = new CpuScanner.ChainedSweep(steps);
      parallel.forEachChunk(4, w -> sweep.work());
    }
  }
}
