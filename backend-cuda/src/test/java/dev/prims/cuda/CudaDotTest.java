package dev.prims.cuda;

import dev.prims.conformance.DotConformance;

/** The dot conformance suite on the CUDA backend (skipped when no CUDA device is found). */
class CudaDotTest extends DotConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
