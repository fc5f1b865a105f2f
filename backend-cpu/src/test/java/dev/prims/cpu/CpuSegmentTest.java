package dev.prims.cpu;

import dev.prims.conformance.SegmentConformance;

class CpuSegmentTest extends SegmentConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
