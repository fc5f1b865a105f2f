package dev.prims.opencl;

import static dev.prims.opencl.OpenClLookbackPrims.opencl;
import static dev.prims.opencl.OpenClLookbackPrims.requireOpenCl;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.Predicate;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.SelectResult;
import dev.prims.TopKOrder;
import dev.prims.TopKResult;
import dev.prims.spi.DeviceSelect;
import dev.prims.spi.DeviceSorter;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Which path a select and a partition take: one pass with the look-back where the device runs it,
 * tile counts, offsets and scatter with the look-back turned off; both give the stable answer.
 */
class OpenClSelectPathTest {
  /** More tiles than one look-back window, the last one partial. */
  private static final int N = 40 * DeviceSorter.BLOCK_SIZE * OpenClSelectKernels.MAX_ITEMS + 777;

  private static boolean onePass(Prims prims) {
    return new OpenClSelectKernels((OpenClBackend) prims.primaryBackend()).onePass();
  }

  /** The values above the threshold in order, then (for a partition) the rest in order. */
  private static float[] expected(float[] values, float threshold, boolean partition) {
    float[] out = new float[partition ? values.length : 0];
    int kept = 0;
    for (float v : values) {
      if (v > threshold) {
        if (partition) {
          out[kept] = v;
        }
        kept++;
      }
    }
    if (!partition) {
      out = new float[kept];
      kept = 0;
      for (float v : values) {
        if (v > threshold) {
          out[kept++] = v;
        }
      }
      return out;
    }
    int rejected = kept;
    for (float v : values) {
      if (!(v > threshold)) {
        out[rejected++] = v;
      }
    }
    return out;
  }

  private static void check(Prims prims) {
    SplittableRandom random = new SplittableRandom(11);
    float[] values = new float[N];
    for (int i = 0; i < N; i++) {
      values[i] = random.nextInt(1000); // many equal values: order shows stability
    }
    for (float threshold : new float[] {-1, 300, 999, 2000}) {
      Predicate above = Predicate.greaterThan((double) threshold);
      SelectResult<float[]> selected = prims.select(values, above);
      float[] kept = expected(values, threshold, false);
      assertEquals(kept.length, selected.kept(), "kept above " + threshold);
      assertArrayEquals(kept, selected.values(), "select above " + threshold);
      assertEquals(DeviceSelect.TILE_COMPACT, selected.provenance().variant());
      SelectResult<float[]> parted = prims.partition(values, above);
      assertEquals(kept.length, parted.kept(), "partition kept above " + threshold);
      assertArrayEquals(
          expected(values, threshold, true), parted.values(), "partition above " + threshold);
    }
    int[] ints = random.ints(N, -50, 50).toArray();
    int[] flags = random.ints(N, 0, 3).toArray();
    int[] flagged = IntStream.range(0, N).filter(i -> flags[i] != 0).map(i -> ints[i]).toArray();
    SelectResult<int[]> byFlags = prims.select(ints, flags);
    assertEquals(flagged.length, byFlags.kept());
    assertArrayEquals(flagged, byFlags.values());
    // far more values tie with the k-th than are needed: top-k takes them by a capped compaction
    int[] few = random.ints(N, 0, 4).toArray();
    int[] firstZeros = IntStream.range(0, N).filter(i -> few[i] == 0).limit(100).toArray();
    TopKResult<int[]> smallest = prims.topK(few, 100, TopKOrder.SMALLEST);
    assertArrayEquals(new int[100], smallest.values());
    assertArrayEquals(firstZeros, smallest.indices(), "top-k takes ties in input order");
  }

  @Test
  void selectAndPartitionRunInOnePassWhereTheLookbackRuns() {
    requireOpenCl();
    try (Prims prims = opencl(true)) {
      Assumptions.assumeTrue(
          ((OpenClBackend) prims.primaryBackend()).lookback().supported(),
          "this OpenCL device does not run the look-back");
      assertTrue(onePass(prims));
      check(prims);
    }
  }

  @Test
  void selectAndPartitionAgreeOnTilesOfOtherSizes() {
    requireOpenCl();
    // NVIDIA's default tiles (20 values a work-item for ints, 12 for longs) and two odd ones
    for (int[] items : new int[][] {{20, 12}, {16, 8}, {3, 31}}) {
      try (Prims prims =
          Prims.create(
              PrimsConfig.builder()
                  .backend("opencl")
                  .fallback(false)
                  .set(OpenClSelectKernels.ITEMS_KEY, Integer.toString(items[0]))
                  .set(OpenClSelectKernels.ITEMS8_KEY, Integer.toString(items[1]))
                  .build())) {
        check(prims);
        long[] longs = new SplittableRandom(items[0]).longs(N, -50, 50).toArray();
        long[] kept = java.util.Arrays.stream(longs).filter(v -> v >= 7).toArray();
        SelectResult<long[]> selected = prims.select(longs, Predicate.atLeast(7));
        assertArrayEquals(kept, selected.values(), "longs in tiles of " + items[1]);
      }
    }
  }

  @Test
  void selectAndPartitionTakeThreePassesWithoutTheLookback() {
    requireOpenCl();
    try (Prims prims = opencl(false)) {
      assertFalse(onePass(prims));
      check(prims);
    }
  }
}
