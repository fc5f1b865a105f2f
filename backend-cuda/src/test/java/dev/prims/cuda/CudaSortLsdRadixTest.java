package dev.prims.cuda;

import dev.prims.conformance.SortConformance;
import dev.prims.spi.DeviceSorter;
import java.util.Map;
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
    CudaSortTest.assertSortRuns(prims(), DeviceSorter.LSD_RADIX);
  }
}
