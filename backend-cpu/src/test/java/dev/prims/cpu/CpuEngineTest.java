package dev.prims.cpu;

import dev.prims.conformance.EngineConformance;

class CpuEngineTest extends EngineConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
