package dev.prims.opencl;

import static dev.prims.opencl.OpenClLookbackPrims.assertRefusedByName;
import static dev.prims.opencl.OpenClLookbackPrims.opencl;
import static dev.prims.opencl.OpenClLookbackPrims.requireOpenCl;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.prims.ByKeyResult;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.ScanResult;
import dev.prims.SegmentResult;
import dev.prims.spi.AbstractSegmenter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Which path the by-key and segmented calls take: the one-pass by-key kernels where the device runs
 * the look-back (giving what the runs-then-segments path gives with the look-back turned off; on
 * PoCL with one work-item's look-back, NVIDIA's warp-wide one being PTX), and one work-group per
 * segment for long segments.
 */
class OpenClByKeyPathTest {
  private static int[] keys(int n) {
    SplittableRandom r = new SplittableRandom(5);
    int[] keys = new int[n];
    int key = 0;
    for (int i = 0; i < n; i++) {
      if (r.nextInt(40) == 0) {
        key++;
      }
      keys[i] = key;
    }
    return keys;
  }

  @Test
  void byKeyRunsInOnePassWhereTheLookbackRuns() {
    requireOpenCl();
    int n = 200_003;
    int[] keys = keys(n);
    int[] values = new SplittableRandom(6).ints(n, -1000, 1000).toArray();
    try (Prims fused = opencl(true);
        Prims split = opencl(false)) {
      Assumptions.assumeTrue(
          ((OpenClBackend) fused.primaryBackend()).lookback().supported(), "no look-back here");
      ByKeyResult<int[], int[]> reduced = fused.byKey(keys).reduce(values, ReduceOp.SUM);
      ByKeyResult<int[], int[]> expected = split.byKey(keys).reduce(values, ReduceOp.SUM);
      assertEquals(AbstractSegmenter.BY_KEY, reduced.provenance().variant());
      assertNotEquals(AbstractSegmenter.BY_KEY, expected.provenance().variant());
      assertEquals(expected.runs(), reduced.runs());
      assertArrayEquals(expected.keys(), reduced.keys());
      assertArrayEquals(expected.values(), reduced.values());
      for (ScanKind kind : ScanKind.values()) {
        ScanResult<int[]> scanned = fused.byKey(keys).scan(values, ReduceOp.SUM, kind);
        assertEquals(AbstractSegmenter.BY_KEY, scanned.provenance().variant());
        assertArrayEquals(
            split.byKey(keys).scan(values, ReduceOp.SUM, kind).values(),
            scanned.values(),
            "" + kind);
      }
    }
  }

  @Test
  void longSegmentsTakeOneWorkGroupEach() {
    requireOpenCl();
    int n = 100_000;
    int[] offsets = {0, 3, 4096, 4096, 90_000, n};
    int[] values = new SplittableRandom(7).ints(n, -1000, 1000).toArray();
    try (Prims prims = opencl(true)) {
      SegmentResult<int[]> sums = prims.segments(offsets).reduce(values, ReduceOp.SUM);
      assertEquals(AbstractSegmenter.BLOCKS, sums.provenance().variant());
      int[] expected = new int[offsets.length - 1];
      for (int s = 0; s < expected.length; s++) {
        for (int i = offsets[s]; i < offsets[s + 1]; i++) {
          expected[s] += values[i];
        }
      }
      assertArrayEquals(expected, sums.values());
    }
  }

  @Test
  void aBadRegisterCapSettingIsRefusedByName() {
    requireOpenCl();
    assertRefusedByName(
        OpenClSegmentPolicy.REGISTER_CAP_KEY,
        "sometimes",
        prims -> prims.byKey(new int[] {1, 1, 2}).reduce(new int[] {1, 2, 3}, ReduceOp.SUM));
  }
}
