package dev.prims.opencl;

import dev.prims.conformance.EngineConformance;

/** The engine conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClEngineTest extends EngineConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
