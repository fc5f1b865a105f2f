package dev.prims.aparapi;

import dev.prims.conformance.ReduceConformance;

class AparapiReduceTest extends ReduceConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
