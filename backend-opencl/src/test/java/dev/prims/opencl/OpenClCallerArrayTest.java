package dev.prims.opencl;

import dev.prims.conformance.CallerArrayConformance;

/** Scans and histograms into the caller's arrays on the opencl backend (PoCL here and in CI). */
class OpenClCallerArrayTest extends CallerArrayConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
