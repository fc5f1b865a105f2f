package dev.prims.cpu;

import java.util.Map;

/**
 * The configuration under which the conformance suite runs a second time: buffers (and host arrays
 * uploaded for a call) longer than 1024 elements off-heap, in chunks of 1000 elements, so chunk
 * boundaries fall inside the data and inside every work chunk of the primitives.
 */
final class OffHeapConfiguration {
  static final Map<String, String> SMALL =
      Map.of(
          CpuBackendProvider.OFF_HEAP_THRESHOLD, "1024", CpuBackendProvider.OFF_HEAP_CHUNK, "1000");

  private OffHeapConfiguration() {}
}
