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
    Map<String, Integer> perPlatform = new LinkedHashMap<>();
    for (DeviceInfo device : availability.devices()) {
      perPlatform.merge(
          backend.equals("opencl") ? device.details().getOrDefault("platformIndex", "") : "",
          1,
          Integer::sum);
    }
    perPlatform.forEach(
        (platform, count) -> {
          if (count >= 2) {
            Map<String, String> config = new LinkedHashMap<>();
            String label = backend;
            if (!platform.isEmpty()) {
              config.put(OPENCL_PLATFORM, platform);
              label += " platform " + platform;
            }
            targets.add(devices(backend, label, config, "all"));
          }
        });
    return targets;
  }

  /**
   * The multi-device target of {@code backend} on {@code selection} ({@code all} or a list such as
   * {@code 0,1}; a repeated device such as {@code 0,0} runs the multi-device engine on one device),
   * with shards of {@value #TEST_SHARD_ALIGN} elements so that the suite's sizes span every device.
   */
  public static ConformanceTarget devices(String backend, String selection) {
    return devices(backend, backend, new LinkedHashMap<>(), selection);
  }

  /** Shard alignment of the multi-device targets (small, so that small inputs split). */
  static final int TEST_SHARD_ALIGN = 256;

  private static ConformanceTarget devices(
      String backend, String label, Map<String, String> config, String selection) {
    config.put("prims.device", selection);
    config.put("prims.device.shard.align", Integer.toString(TEST_SHARD_ALIGN));
    return new ConformanceTarget(
        backend, label + " devices " + selection + " (shards of " + TEST_SHARD_ALIGN + ")", config);
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
