package dev.prims.aparapi;

import dev.prims.conformance.ArgReduceConformance;

class AparapiArgReduceTest extends ArgReduceConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
