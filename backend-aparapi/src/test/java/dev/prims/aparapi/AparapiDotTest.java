package dev.prims.aparapi;

import dev.prims.conformance.DotConformance;

class AparapiDotTest extends DotConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
