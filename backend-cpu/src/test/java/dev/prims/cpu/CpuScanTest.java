package dev.prims.cpu;

import dev.prims.conformance.ScanConformance;

class CpuScanTest extends ScanConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
