package dev.prims.cuda;

import dev.prims.conformance.ArgReduceConformance;

/**
 * The arg-min/arg-max conformance suite on the CUDA backend (skipped when no CUDA device is found).
 */
class CudaArgReduceTest extends ArgReduceConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
