package dev.prims.aparapi;

import dev.prims.conformance.ScanConformance;

class AparapiScanTest extends ScanConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }
}
