package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SegmentChunksTest {
  /** Offsets of {@code segments} segments over n values: skewed lengths, empty runs, one long. */
  private static int[] layout(SplittableRandom random, int segments, int n) {
    int[] offsets = new int[segments + 1];
    for (int s = 1; s < segments; s++) {
      double u = random.nextDouble();
      offsets[s] = (int) (n * u * u * u);
    }
    offsets[segments] = n;
    java.util.Arrays.sort(offsets, 1, segments);
    return offsets;
  }

  @Test
  void everyChunkFindsItsSegmentsWhateverTheLayout() {
    SplittableRandom random = new SplittableRandom(7);
    try (CpuParallel parallel = new CpuParallel(3)) {
      for (int trial = 0; trial < 300; trial++) {
        int n = random.nextInt(0, 2000);
        int segments = random.nextInt(1, 300);
        int chunk = random.nextInt(1, 64);
        int[] offsets = trial % 3 == 0 ? evenLayout(segments, n) : layout(random, segments, n);
        int[] values = random.ints(n, -1000, 1000).toArray();
        int[] expected = new int[segments];
        for (int s = 0; s < segments; s++) {
          for (int i = offsets[s]; i < offsets[s + 1]; i++) {
            expected[s] += values[i];
          }
        }
        int[] out = new int[segments];
        SegmentChunks chunks = new SegmentChunks(SegmentChunks.of(offsets), segments, n, chunk);
        chunks.reduce(
            parallel,
            new FastSegmentWork(DType.INT, values, out, ReduceOp.SUM, true, chunks.chunks()));
        assertArrayEquals(expected, out, "trial " + trial);
      }
    }
  }

  private static int[] evenLayout(int segments, int n) {
    int[] offsets = new int[segments + 1];
    for (int s = 0; s <= segments; s++) {
      offsets[s] = (int) ((long) s * n / segments);
    }
    return offsets;
  }
}
