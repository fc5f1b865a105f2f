package dev.prims.cpu;

import dev.prims.conformance.SelectConformance;

class CpuSelectTest extends SelectConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
