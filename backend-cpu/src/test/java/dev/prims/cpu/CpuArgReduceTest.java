package dev.prims.cpu;

import dev.prims.conformance.ArgReduceConformance;

class CpuArgReduceTest extends ArgReduceConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
