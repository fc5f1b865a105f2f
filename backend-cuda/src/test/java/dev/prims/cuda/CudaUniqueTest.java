package dev.prims.cuda;

import dev.prims.conformance.UniqueConformance;

/** The unique and run-length encode conformance suite on the cuda backend. */
class CudaUniqueTest extends UniqueConformance {
  @Override
  protected String backendId() {
    return "cuda";
  }
}
