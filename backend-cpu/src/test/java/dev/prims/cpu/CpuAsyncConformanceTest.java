package dev.prims.cpu;

import dev.prims.conformance.AsyncConformance;

/** The asynchronous-call conformance suite on the cpu backend. */
class CpuAsyncConformanceTest extends AsyncConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }
}
