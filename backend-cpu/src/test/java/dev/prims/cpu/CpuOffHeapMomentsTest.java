package dev.prims.cpu;

import dev.prims.conformance.MomentsConformance;
import java.util.Map;

/** MomentsConformance with every buffer longer than 1024 elements off-heap, in chunks of 1000. */
class CpuOffHeapMomentsTest extends MomentsConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }

  @Override
  protected Map<String, String> configuration() {
    return OffHeapConfiguration.SMALL;
  }
}
