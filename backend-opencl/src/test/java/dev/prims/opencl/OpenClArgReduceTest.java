package dev.prims.opencl;

import dev.prims.conformance.ArgReduceConformance;

/** The arg-min/arg-max conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClArgReduceTest extends ArgReduceConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
