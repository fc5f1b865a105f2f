package dev.prims.cuda;

import dev.prims.conformance.SegmentConformance;
import java.util.Map;

/** The segmented conformance with the reduce's tiles staged through shared memory. */
class CudaSegmentStagedTest extends SegmentConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }

  @Override
  protected Map<String, String> configuration() {
    return Map.of(CudaSegmentPolicy.VARIANT_KEY, CudaSegmentPolicy.FLAT);
  }
}
