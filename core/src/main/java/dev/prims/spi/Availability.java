package dev.prims.spi;

import java.util.List;
import java.util.Map;

/**
 * The answer of {@link BackendProvider#probe}: available with its devices and versions, or not with
 * a reason. {@code hardwareAbsent} tells "no such device or driver on this machine" (tests skip)
 * from "present but broken" (tests fail).
 */
public record Availability(
    boolean available,
    String reason,
    boolean hardwareAbsent,
    List<DeviceInfo> devices,
    Map<String, String> versions) {

  public Availability {
    reason = reason == null ? "" : reason;
    devices = List.copyOf(devices);
    versions = Map.copyOf(versions);
  }

  /** Usable, with these devices and version strings (driver, runtime, OpenCL...). */
  public static Availability available(List<DeviceInfo> devices, Map<String, String> versions) {
    return new Availability(true, "", false, devices, versions);
  }

  /** Not usable because the hardware or its driver is not on this machine. */
  public static Availability absent(String reason) {
    return new Availability(false, reason, true, List.of(), Map.of());
  }

  /** Not usable although the hardware seems present (a broken driver, an init failure). */
  public static Availability broken(String reason) {
    return new Availability(false, reason, false, List.of(), Map.of());
  }
}
