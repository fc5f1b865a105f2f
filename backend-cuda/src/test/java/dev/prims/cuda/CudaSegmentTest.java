package dev.prims.cuda;

import dev.prims.conformance.SegmentConformance;

class CudaSegmentTest extends SegmentConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
