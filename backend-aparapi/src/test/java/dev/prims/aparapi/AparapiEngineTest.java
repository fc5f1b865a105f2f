package dev.prims.aparapi;

import dev.prims.conformance.EngineConformance;

class AparapiEngineTest extends EngineConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
