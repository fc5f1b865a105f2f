package dev.prims.cuda;

import dev.prims.conformance.SelectConformance;

/**
 * The select and top-k conformance suite on the CUDA backend (skipped when no CUDA device is
 * found).
 */
class CudaSelectTest extends SelectConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
