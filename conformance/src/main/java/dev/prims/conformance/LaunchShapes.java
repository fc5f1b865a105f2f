package dev.prims.conformance;

import java.util.List;
import java.util.Map;

/**
 * The launch shapes (thread counts, work sizes, transfer paths) each known backend lets
 * configuration choose, as alternative configurations to open the backend with. Reproducible
 * results must not change between them.
 *
 * <ul>
 *   <li>{@code cpu}: {@code prims.cpu.threads} 1, 3 and 8 (the default is the processor count), and
 *       buffers over 1024 elements off the heap in chunks of 1000 ({@code
 *       prims.cpu.offheap.threshold}, {@code prims.cpu.offheap.chunk});
 *   <li>{@code opencl}: the scan keys {@code prims.opencl.scan.workGroupSize}, {@code
 *       itemsPerThread}, {@code itemsPerThread8}, {@code chunksPerComputeUnit} and {@code
 *       lookbackWindow} away from their defaults (small and odd), and host arrays staged in 64 KiB
 *       chunks through three slots; reduce, dot and fold work-group and grid sizes are fixed by its
 *       policies and the device, not configurable;
 *   <li>{@code cuda}: {@code prims.cuda.hostpath=pageable} (default staged: host arrays stream in
 *       chunks), and staging in 64 KiB chunks through three slots; block and grid sizes are fixed
 *       by its policies and the device;
 *   <li>{@code aparapi}: none; its work-group and grid sizes are fixed by its policies.
 * </ul>
 *
 * A backend's test class can name others by overriding {@link BackendConformance#launchShapes()}.
 */
public final class LaunchShapes {
  private static final Map<String, List<Map<String, String>>> KNOWN =
      Map.of(
          "cpu",
          List.of(
              Map.of("prims.cpu.threads", "1"),
              Map.of("prims.cpu.threads", "3"),
              Map.of("prims.cpu.threads", "8"),
              Map.of("prims.cpu.offheap.threshold", "1024", "prims.cpu.offheap.chunk", "1000")),
          "opencl",
          List.of(
              Map.of(
                  "prims.opencl.scan.workGroupSize", "64",
                  "prims.opencl.scan.itemsPerThread", "1",
                  "prims.opencl.scan.itemsPerThread8", "1",
                  "prims.opencl.scan.chunksPerComputeUnit", "1",
                  "prims.opencl.scan.lookbackWindow", "1"),
              Map.of(
                  "prims.opencl.scan.workGroupSize", "128",
                  "prims.opencl.scan.itemsPerThread", "3",
                  "prims.opencl.scan.itemsPerThread8", "5",
                  "prims.opencl.scan.chunksPerComputeUnit", "7",
                  "prims.opencl.scan.lookbackWindow", "5"),
              Map.of(
                  "prims.opencl.stagingChunkBytes", "65536",
                  "prims.opencl.stagingSlots", "3",
                  "prims.opencl.stagingThreads", "2")),
          "cuda",
          List.of(
              Map.of("prims.cuda.hostpath", "pageable"),
              Map.of(
                  "prims.cuda.stagingChunkBytes", "65536",
                  "prims.cuda.stagingSlots", "3",
                  "prims.cuda.stagingThreads", "2")));

  private LaunchShapes() {}

  /** The alternative shapes of backend {@code id}; empty for a backend that configures none. */
  public static List<Map<String, String>> known(String id) {
    return KNOWN.getOrDefault(id, List.of());
  }

  /** {@code key=value,key=value} for display. */
  public static String describe(Map<String, String> shape) {
    StringBuilder s = new StringBuilder();
    new java.util.TreeMap<>(shape)
        .forEach((k, v) -> s.append(s.length() == 0 ? "" : ",").append(k).append('=').append(v));
    return s.toString();
  }
}
