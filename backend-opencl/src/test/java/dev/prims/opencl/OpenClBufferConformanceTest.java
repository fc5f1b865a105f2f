package dev.prims.opencl;

import dev.prims.conformance.BufferConformance;

/** The dot conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClBufferConformanceTest extends BufferConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
