package dev.prims.cpu;

import dev.prims.conformance.ArgReduceConformance;
import java.util.Map;

/** ArgReduceConformance with every buffer longer than 1024 elements off-heap, in chunks of 1000. */
class CpuOffHeapArgReduceTest extends ArgReduceConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }

  @Override
  protected Map<String, String> configuration() {
    return OffHeapConfiguration.SMALL;
  }
}
