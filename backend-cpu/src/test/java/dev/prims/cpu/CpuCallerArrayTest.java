package dev.prims.cpu;

import dev.prims.conformance.CallerArrayConformance;

/** Scans and histograms into the caller's arrays on the cpu backend. */
class CpuCallerArrayTest extends CallerArrayConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
