package dev.prims.cuda;

import dev.prims.conformance.AsyncConformance;

/** The asynchronous-call conformance suite on the CUDA backend (skipped without a CUDA device). */
class CudaAsyncConformanceTest extends AsyncConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
