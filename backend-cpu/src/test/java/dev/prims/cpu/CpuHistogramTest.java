package dev.prims.cpu;

import dev.prims.conformance.HistogramConformance;

class CpuHistogramTest extends HistogramConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
