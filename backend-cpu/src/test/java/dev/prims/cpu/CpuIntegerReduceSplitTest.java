package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Integer reduces smaller than one chunk per thread are split into one share per thread: the split
 * sizes, and answers equal to a serial loop's at the sizes around each split edge.
 */
class CpuIntegerReduceSplitTest {
  @Test
  void sharesGoToEveryThreadAboveTheMinimumShare() {
    assertEquals(CpuPolicy.REDUCE_CHUNK, CpuPolicy.integerReduceChunk(1 << 16, 1));
    assertEquals(1 << 15, CpuPolicy.integerReduceChunk(1 << 16, 2));
    assertEquals(CpuPolicy.INTEGER_SHARE_MIN, CpuPolicy.integerReduceChunk(1 << 16, 16));
    assertEquals(CpuPolicy.INTEGER_SHARE_MIN, CpuPolicy.integerReduceChunk(100, 2));
    assertEquals(CpuPolicy.REDUCE_CHUNK, CpuPolicy.integerReduceChunk(1 << 17, 2));
    assertEquals(CpuPolicy.REDUCE_CHUNK, CpuPolicy.integerReduceChunk(Integer.MAX_VALUE - 8, 256));
    int odd = CpuPolicy.integerReduceChunk(100_001, 3);
    assertEquals(0, odd % 16, "a multiple of 16: " + odd);
    assertEquals(3, CpuPolicy.chunks(100_001, odd), "one share per thread: " + odd);
  }

  @Test
  void splitSumsMinsAndMaxesEqualASerialLoop() {
    Random random = new Random(7);
    try (CpuParallel parallel = new CpuParallel(3)) {
      CpuReducer reducer = new CpuReducer(parallel);
      for (int n : new int[] {1, 16_383, 16_384, 49_153, 65_535, 65_536, 196_607, 196_608}) {
        long[] longs = random.longs(n).toArray();
        int[] ints = random.ints(n).toArray();
        long sum = 0;
        long min = Long.MAX_VALUE;
        int intMax = Integer.MIN_VALUE;
        int intSum = 0;
        for (int i = 0; i < n; i++) {
          sum += longs[i];
          min = Math.min(min, longs[i]);
          intMax = Math.max(intMax, ints[i]);
          intSum += ints[i];
        }
        assertEquals(sum, reduce(reducer, longs, ReduceOp.SUM), "long sum of " + n);
        assertEquals(min, reduce(reducer, longs, ReduceOp.MIN), "long min of " + n);
        assertEquals(intMax, reduce(reducer, ints, ReduceOp.MAX).intValue(), "int max of " + n);
        assertEquals(intSum, reduce(reducer, ints, ReduceOp.SUM).intValue(), "int sum of " + n);
      }
    }
  }

  private static Number reduce(CpuReducer reducer, Object array, ReduceOp op) {
    CpuBuffer buffer = new CpuBuffer(DType.ofArray(array), array);
    return reducer.reduce(buffer, op, new CallContext(null, Determinism.FAST));
  }
}
