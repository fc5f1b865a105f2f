package dev.prims.opencl;

import dev.prims.conformance.ScanConformance;

/** The scan conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClScanTest extends ScanConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
