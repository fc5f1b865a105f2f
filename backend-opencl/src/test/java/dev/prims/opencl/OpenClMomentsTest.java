package dev.prims.opencl;

import dev.prims.conformance.MomentsConformance;

/** The moments conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClMomentsTest extends MomentsConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
