package dev.prims.cpu;

import dev.prims.conformance.ReduceConformance;
import java.util.Map;

/** ReduceConformance with every buffer longer than 1024 elements off-heap, in chunks of 1000. */
class CpuOffHeapReduceTest extends ReduceConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }

  @Override
  protected Map<String, String> configuration() {
    return OffHeapConfiguration.SMALL;
  }
}
