package dev.prims.cpu;

import dev.prims.conformance.DotConformance;
import java.util.Map;

/** DotConformance with every buffer longer than 1024 elements off-heap, in chunks of 1000. */
class CpuOffHeapDotTest extends DotConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }

  @Override
  protected Map<String, String> configuration() {
    return OffHeapConfiguration.SMALL;
  }
}
