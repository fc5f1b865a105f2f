package dev.prims.cuda;

import dev.prims.conformance.EngineConformance;

/** The engine conformance suite on the CUDA backend (skipped when no CUDA device is found). */
class CudaEngineTest extends EngineConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
