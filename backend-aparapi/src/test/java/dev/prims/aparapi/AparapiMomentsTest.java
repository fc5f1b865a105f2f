package dev.prims.aparapi;

import dev.prims.conformance.MomentsConformance;

class AparapiMomentsTest extends MomentsConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
