package dev.prims.cpu;

import dev.prims.conformance.DotConformance;

class CpuDotTest extends DotConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
