package dev.prims.aparapi;

import dev.prims.conformance.SelectConformance;

/**
 * The select, partition and top-k conformance suite on the aparapi backend (PoCL here and in CI).
 */
class AparapiSelectTest extends SelectConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
