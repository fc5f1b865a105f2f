package dev.prims.cpu;

import dev.prims.conformance.ReduceConformance;

class CpuReduceTest extends ReduceConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
