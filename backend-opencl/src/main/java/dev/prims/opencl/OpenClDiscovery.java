package dev.prims.opencl;

import static org.jocl.CL.*;

import dev.prims.spi.BackendContext;
import dev.prims.spi.PrivateNatives;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jocl.CL;
import org.jocl.LibUtils;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/**
 * Lists every OpenCL platform and device, and picks the one the configuration asks for: {@code
 * prims.opencl.platform} (index or name substring) narrows the platforms, then {@code prims.device}
 * (index within what is left, or name substring) picks the device; without {@code prims.device} the
 * first GPU is taken, else the first device.
 */
final class OpenClDiscovery {
  static final String PLATFORM_KEY = "prims.opencl.platform";

  private OpenClDiscovery() {}

  /**
   * Every device of every platform, in platform order.
   *
   * @throws org.jocl.CLException or {@link LinkageError} when OpenCL cannot be loaded or queried
   */
  static List<OpenClDevice> devices() {
    OpenClIcdLoader.requirePresent();
    PrivateNatives.load(
        CL.class,
        "org.jocl",
        "jocl",
        v ->
            LibUtils.createLibraryFileName(
                LibUtils.createPlatformLibraryName("JOCL_" + v.replace('.', '_'))),
        () -> CL.setExceptionsEnabled(true));
    int[] count = new int[1];
    clGetPlatformIDs(0, null, count);
    cl_platform_id[] platforms = new cl_platform_id[count[0]];
    if (count[0] > 0) {
      clGetPlatformIDs(count[0], platforms, null);
    }
    List<OpenClDevice> result = new ArrayList<>();
    for (int p = 0; p < platforms.length; p++) {
      int[] deviceCount = new int[1];
      try {
        clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, null, deviceCount);
      } catch (org.jocl.CLException e) {
        if (e.getStatus() == CL_DEVICE_NOT_FOUND) {
          continue;
        }
        throw e;
      }
      cl_device_id[] ids = new cl_device_id[deviceCount[0]];
      clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, ids.length, ids, null);
      for (cl_device_id id : ids) {
        result.add(OpenClDevice.query(result.size(), p, platforms[p], id));
      }
    }
    return result;
  }

  /**
   * The device {@code context} selects among {@code all}.
   *
   * @throws IllegalStateException naming the choices when nothing matches
   */
  static OpenClDevice choose(List<OpenClDevice> all, BackendContext context) {
    List<OpenClDevice> candidates = all;
    String platform = context.get(PLATFORM_KEY).orElse(null);
    if (platform != null) {
      candidates = all.stream().filter(d -> matchesPlatform(d, platform)).toList();
      if (candidates.isEmpty()) {
        throw new IllegalStateException(
            "no OpenCL platform matches "
                + PLATFORM_KEY
                + "="
                + platform
                + "; platforms: "
                + all.stream()
                    .map(d -> d.platformIndex() + ": " + d.platformName())
                    .distinct()
                    .collect(Collectors.joining(", ")));
      }
    }
    String device = context.get("prims.device").orElse(null);
    if (device == null) {
      return candidates.stream().filter(OpenClDevice::gpu).findFirst().orElse(candidates.get(0));
    }
    String wanted = device.trim();
    if (wanted.matches("\\d+")) {
      int index = Integer.parseInt(wanted);
      if (index < candidates.size()) {
        return candidates.get(index);
      }
    } else {
      String needle = wanted.toLowerCase(Locale.ROOT);
      for (OpenClDevice d : candidates) {
        if (d.name().toLowerCase(Locale.ROOT).contains(needle)) {
          return d;
        }
      }
    }
    List<OpenClDevice> listed = candidates;
    throw new IllegalStateException(
        "no OpenCL device matches prims.device="
            + device
            + "; devices: "
            + listed.stream()
                .map(d -> listed.indexOf(d) + ": " + d.describe())
                .collect(Collectors.joining(", ")));
  }

  private static boolean matchesPlatform(OpenClDevice d, String platform) {
    String wanted = platform.trim();
    if (wanted.matches("\\d+")) {
      return d.platformIndex() == Integer.parseInt(wanted);
    }
    return d.platformName().toLowerCase(Locale.ROOT).contains(wanted.toLowerCase(Locale.ROOT));
  }
}
