package dev.prims.opencl;

import dev.prims.conformance.DotConformance;

/** The dot conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClDotTest extends DotConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
