package dev.prims.cpu;

import dev.prims.conformance.BufferConformance;
import java.util.Map;

/** BufferConformance with every buffer longer than 1024 elements off-heap, in chunks of 1000. */
class CpuOffHeapBufferTest extends BufferConformance {
  @Override
  protected String backendId() {
    return "cpu";
  }

  @Override
  protected Map<String, String> configuration() {
    return OffHeapConfiguration.SMALL;
  }
}
