package dev.prims.cuda;

import dev.prims.conformance.MomentsConformance;

/** The moments conformance suite on the CUDA backend (skipped when no CUDA device is found). */
class CudaMomentsTest extends MomentsConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
