package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.SortOrder;
import dev.prims.conformance.SortConformance;
import dev.prims.spi.DeviceSorter;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sort conformance suite on the CUDA backend as configured by default (skipped when no CUDA
 * device is found); a sort says it ran the default variant, onesweep.
 */
class CudaSortTest extends SortConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }

  @Test
  void aSortRunsOnesweepByDefault() {
    assertSortRuns(prims(), DeviceSorter.ONESWEEP);
  }

  /** Sorts random int keys on {@code prims}: they come back sorted, by {@code variant}. */
  static void assertSortRuns(Prims prims, String variant) {
    int[] keys = new SplittableRandom(7).ints(100_000).toArray();
    int[] expected = keys.clone();
    Arrays.sort(expected);
    Provenance provenance = prims.sortInPlace(keys, SortOrder.ASCENDING);
    assertEquals(variant, provenance.variant());
    assertArrayEquals(expected, keys);
  }
}
