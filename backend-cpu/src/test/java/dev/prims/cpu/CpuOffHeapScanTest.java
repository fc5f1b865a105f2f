package dev.prims.cpu;

import dev.prims.conformance.ScanConformance;
import java.util.Map;

/** ScanConformance with every buffer longer than 1024 elements off-heap, in chunks of 1000. */
class CpuOffHeapScanTest extends ScanConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }

  @Override
  protected Map<String, String> configuration() {
    return OffHeapConfiguration.SMALL;
  }
}
