package dev.prims.opencl;

import dev.prims.conformance.ReduceConformance;

/** The reduce conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClReduceTest extends ReduceConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
