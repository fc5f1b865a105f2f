package dev.prims.cpu;

import dev.prims.conformance.UniqueConformance;

/** The unique and run-length encode conformance suite on the cpu backend. */
class CpuUniqueTest extends UniqueConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
