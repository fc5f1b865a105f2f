package dev.prims.aparapi;

import dev.prims.conformance.AsyncConformance;

/** The asynchronous-call conformance suite on the aparapi backend. */
class AparapiAsyncConformanceTest extends AsyncConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
