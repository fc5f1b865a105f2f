package dev.prims.cuda;

import dev.prims.conformance.HistogramConformance;

/** The histogram conformance suite on the CUDA backend (skipped when no CUDA device is found). */
class CudaHistogramTest extends HistogramConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
