package dev.prims.cuda;

import dev.prims.conformance.BufferConformance;

/** The buffer conformance suite on the CUDA backend (skipped when no CUDA device is found). */
class CudaBufferConformanceTest extends BufferConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
