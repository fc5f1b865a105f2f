package dev.prims.spi;

import java.util.Map;

/**
 * One device a backend can run on.
 *
 * @param index position in the backend's device list, as used by {@code prims.device}
 * @param name the device's own name ("NVIDIA H200", "pthread-...")
 * @param memoryBytes global memory in bytes (0 if unknown)
 * @param computeUnits SMs, compute units or CPU threads
 * @param details further facts (compute capability, OpenCL version, fp64...)
 */
public record DeviceInfo(
    int index, String name, long memoryBytes, int computeUnits, Map<String, String> details) {
  public DeviceInfo {
    details = Map.copyOf(details);
  }
}
