package dev.prims.cpu;

import dev.prims.conformance.HistogramConformance;
import java.util.Map;

/** HistogramConformance with every buffer longer than 1024 elements off-heap, in chunks of 1000. */
class CpuOffHeapHistogramTest extends HistogramConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }

  @Override
  protected Map<String, String> configuration() {
    return OffHeapConfiguration.SMALL;
  }
}
