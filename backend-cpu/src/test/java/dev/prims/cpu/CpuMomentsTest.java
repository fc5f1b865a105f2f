package dev.prims.cpu;

import dev.prims.conformance.MomentsConformance;

class CpuMomentsTest extends MomentsConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
