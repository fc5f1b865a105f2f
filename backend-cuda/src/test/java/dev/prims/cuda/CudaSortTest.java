package dev.prims.cuda;

import dev.prims.conformance.SortConformance;

/** The sort conformance suite on the CUDA backend (skipped when no CUDA device is found). */
class CudaSortTest extends SortConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
