package dev.prims.cuda;

import dev.prims.conformance.CallerArrayConformance;

/**
 * Scans and histograms into the caller's arrays on the cuda backend (skipped when no CUDA device is
 * found).
 */
class CudaCallerArrayTest extends CallerArrayConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
