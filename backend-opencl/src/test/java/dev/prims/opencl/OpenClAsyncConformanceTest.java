package dev.prims.opencl;

import dev.prims.conformance.AsyncConformance;

/** The asynchronous-call conformance suite on the opencl backend. */
class OpenClAsyncConformanceTest extends AsyncConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }
}
