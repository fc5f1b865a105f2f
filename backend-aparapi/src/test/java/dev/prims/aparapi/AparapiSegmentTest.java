package dev.prims.aparapi;

import dev.prims.conformance.SegmentConformance;

class AparapiSegmentTest extends SegmentConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
