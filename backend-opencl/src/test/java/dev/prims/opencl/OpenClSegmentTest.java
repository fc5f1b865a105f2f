package dev.prims.opencl;

import dev.prims.conformance.SegmentConformance;

class OpenClSegmentTest extends SegmentConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
