package dev.prims.cpu;

import dev.prims.conformance.BufferConformance;

class CpuBufferConformanceTest extends BufferConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
