package dev.prims.opencl;

import dev.prims.conformance.HistogramConformance;

/** The histogram conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClHistogramTest extends HistogramConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
