package dev.prims.aparapi;

import dev.prims.conformance.HistogramConformance;

class AparapiHistogramTest extends HistogramConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
