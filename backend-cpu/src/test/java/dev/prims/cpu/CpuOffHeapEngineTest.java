package dev.prims.cpu;

import dev.prims.conformance.EngineConformance;
import java.util.Map;

/** EngineConformance with every buffer longer than 1024 elements off-heap, in chunks of 1000. */
class CpuOffHeapEngineTest extends EngineConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }

  @Override
  protected Map<String, String> configuration() {
    return OffHeapConfiguration.SMALL;
  }
}
