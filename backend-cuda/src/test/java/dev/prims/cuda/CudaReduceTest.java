package dev.prims.cuda;

import dev.prims.conformance.ReduceConformance;

/** The reduce conformance suite on the CUDA backend (skipped when no CUDA device is found). */
class CudaReduceTest extends ReduceConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
