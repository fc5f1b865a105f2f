package dev.prims.aparapi;

import dev.prims.conformance.CallerArrayConformance;

/** Scans and histograms into the caller's arrays on the aparapi backend. */
class AparapiCallerArrayTest extends CallerArrayConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
