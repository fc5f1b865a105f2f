package dev.prims.cuda;

import dev.prims.conformance.ScanConformance;

/** The scan conformance suite on the CUDA backend (skipped when no CUDA device is found). */
class CudaScanTest extends ScanConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
