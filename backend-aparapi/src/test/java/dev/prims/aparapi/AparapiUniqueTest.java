package dev.prims.aparapi;

import dev.prims.conformance.UniqueConformance;

/** The unique and run-length encode conformance suite on the aparapi backend. */
class AparapiUniqueTest extends UniqueConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
