package dev.prims.aparapi;

import dev.prims.conformance.BufferConformance;

class AparapiBufferConformanceTest extends BufferConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
