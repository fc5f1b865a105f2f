package dev.prims.aparapi;

import com.aparapi.device.OpenCLDevice;
import com.aparapi.internal.opencl.OpenCLLoader;
import com.aparapi.internal.opencl.OpenCLPlatform;
import dev.prims.spi.DeviceInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The OpenCL devices Aparapi sees, in its order (platform by platform), and the choice of one by
 * {@code prims.device}: an index into that list or a case-insensitive substring of a device name.
 */
final class AparapiDevices {
  private AparapiDevices() {}

  /**
   * The OpenCL devices visible to Aparapi, empty when OpenCL or Aparapi's native library is
   * missing.
   */
  static List<OpenCLDevice> list() {
    return discover().devices();
  }

  /** The devices, and what Aparapi warned about while looking for them. */
  record Discovery(List<OpenCLDevice> devices, List<String> warnings) {
    /** Why no device was found, for an {@code absent} availability. */
    String reason() {
      String base =
          "Aparapi sees no OpenCL platform or device (no OpenCL driver, or libOpenCL missing)";
      return warnings.isEmpty() ? base : base + ": " + String.join("; ", warnings);
    }
  }

  /** Lists the devices, capturing Aparapi's warnings (such as a native library that failed). */
  static Discovery discover() {
    AparapiLogging.install();
    AparapiLogging.startCapture();
    List<OpenCLDevice> devices = List.of();
    List<String> warnings;
    try {
      if (OpenCLLoader.isOpenCLAvailable()) {
        preloadPlatforms();
        List<OpenCLDevice> found = OpenCLDevice.listDevices(null);
        devices = found == null ? List.of() : List.copyOf(found);
      }
    } finally {
      warnings = AparapiLogging.stopCapture();
    }
    return new Discovery(devices, warnings);
  }

  /** {@link AparapiPlatformPreload}, skipped where JOCL was left out of the application. */
  private static void preloadPlatforms() {
    try {
      AparapiPlatformPreload.preload();
    } catch (LinkageError e) {
      // Aparapi lists the platforms itself (and prints its platform warning)
    }
  }

  /**
   * The device chosen by {@code selector} (null or blank: the first).
   *
   * @throws IllegalArgumentException when nothing matches, listing the devices
   */
  static int select(List<OpenCLDevice> devices, String selector) {
    if (selector == null || selector.isBlank()) {
      return 0;
    }
    String s = selector.trim();
    if (s.chars().allMatch(Character::isDigit)) {
      int index = Integer.parseInt(s);
      if (index < devices.size()) {
        return index;
      }
    } else {
      String wanted = s.toLowerCase(Locale.ROOT);
      for (int i = 0; i < devices.size(); i++) {
        if (devices.get(i).getName().toLowerCase(Locale.ROOT).contains(wanted)) {
          return i;
        }
      }
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < devices.size(); i++) {
      names.add(i + ": " + devices.get(i).getName());
    }
    throw new IllegalArgumentException(
        "prims.device='"
            + selector
            + "' matches no OpenCL device seen by Aparapi; devices: "
            + String.join(", ", names));
  }

  /** The description of device {@code index}. */
  static DeviceInfo info(int index, OpenCLDevice device) {
    Map<String, String> details = new LinkedHashMap<>();
    OpenCLPlatform platform = device.getOpenCLPlatform();
    if (platform != null) {
      details.put("platform", platform.getName());
      details.put("platformVersion", platform.getVersion());
      details.put("vendor", platform.getVendor());
    }
    details.put("type", String.valueOf(device.getType()));
    details.put("maxWorkGroupSize", Integer.toString(device.getMaxWorkGroupSize()));
    details.put("localMemBytes", Long.toString(device.getLocalMemSize()));
    details.put("maxAllocBytes", Long.toString(device.getMaxMemAllocSize()));
    details.put("via", "Aparapi 3.0.2 (OpenCL)");
    return new DeviceInfo(
        index, device.getName(), device.getGlobalMemSize(), device.getMaxComputeUnits(), details);
  }
}
