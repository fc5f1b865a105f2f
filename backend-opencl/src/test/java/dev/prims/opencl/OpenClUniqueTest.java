package dev.prims.opencl;

import dev.prims.conformance.UniqueConformance;

/** The unique and run-length encode conformance suite on the opencl backend. */
class OpenClUniqueTest extends UniqueConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
