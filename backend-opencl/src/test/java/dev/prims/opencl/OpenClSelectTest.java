package dev.prims.opencl;

import dev.prims.conformance.SelectConformance;

/** The select and top-k conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClSelectTest extends SelectConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
