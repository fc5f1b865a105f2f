package dev.prims.app.conformance;

import dev.prims.spi.Availability;
import dev.prims.spi.DeviceInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One backend and device the conformance suite runs against, with the configuration keys that
 * select it ({@code prims.device}, and {@code prims.opencl.platform} for OpenCL, so that each
 * platform is tested separately).
 */
public record ConformanceTarget(String backend, String label, Map<String, String> configuration) {
  /** OpenCL's platform key. */
  public static final String OPENCL_PLATFORM = "prims.opencl.platform";

  public ConformanceTarget {
    configuration = Map.copyOf(configuration);
  }

  /** Every device of an available backend as a target (one target when it lists none). */
  public static List<ConformanceTarget> of(String backend, Availability availability) {
    List<ConformanceTarget> targets = new ArrayList<>();
    if (availability.devices().isEmpty()) {
      targets.add(new ConformanceTarget(backend, backend, Map.of()));
      return targets;
    }
    Map<String, Integer> seenPerPlatform = new LinkedHashMap<>();
    for (DeviceInfo device : availability.devices()) {
      Map<String, String> config = new LinkedHashMap<>();
      String platform = device.details().get("platformIndex");
      String label;
      if (backend.equals("opencl") && platform != null) {
        int indexInPlatform = seenPerPlatform.merge(platform, 1, Integer::sum) - 1;
        config.put(OPENCL_PLATFORM, platform);
        config.put("prims.device", Integer.toString(indexInPlatform));
        label =
            backend
                + " platform "
                + platform
                + " device "
                + indexInPlatform
                + ": "
                + device.name()
                + platformName(device);
      } else {
        config.put("prims.device", Integer.toString(device.index()));
        label = backend + " device " + device.index() + ": " + device.name();
      }
      targets.add(new ConformanceTarget(backend, label, config));
    }
    return targets;
  }

  /** The configuration as the suite's {@code key=value,key=value} parameter. */
  public String configurationPairs() {
    return configuration.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(","));
  }

  private static String platformName(DeviceInfo device) {
    String name = device.details().get("platform");
    return name == null ? "" : " (" + name + ")";
  }
}
