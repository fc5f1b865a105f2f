package dev.prims.cpu;

import dev.prims.conformance.SortConformance;

class CpuSortTest extends SortConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
