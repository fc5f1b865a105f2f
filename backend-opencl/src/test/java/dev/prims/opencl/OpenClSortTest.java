package dev.prims.opencl;

import dev.prims.conformance.SortConformance;

/** The sort conformance suite on the OpenCL backend (PoCL here and in CI). */
class OpenClSortTest extends SortConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
