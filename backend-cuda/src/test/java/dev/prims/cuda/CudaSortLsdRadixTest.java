package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.Provenance;
import dev.prims.SortOrder;
import dev.prims.conformance.SortConformance;
import dev.prims.spi.DeviceSorter;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sort conformance suite on the CUDA backend with the LSD radix variant picked by {@code
 * prims.cuda.sort.variant} (skipped when no CUDA device is found); a sort says it ran lsd-radix.
 */
class CudaSortLsdRadixTest extends SortConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }

  @Override
  protected Map<String, String> configuration() {
    return Map.of(CudaSortPolicy.VARIANT_KEY, DeviceSorter.LSD_RADIX);
  }

  @Test
  void aSortRunsLsdRadix() {
    int[] keys = new SplittableRandom(7).ints(100_000).toArray();
    int[] expected = keys.clone();
    Arrays.sort(expected);
    Provenance provenance = prims().sortInPlace(keys, SortOrder.ASCENDING);
    assertEquals(DeviceSorter.LSD_RADIX, provenance.variant());
    assertArrayEquals(expected, keys);
  }
}
