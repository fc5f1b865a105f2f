package dev.prims.engine.multidevice;

import dev.prims.spi.DeviceInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads {@code prims.device}: one selector (an index or a name substring, handed to the backend as
 * today), {@code all}, or a comma-separated list such as {@code 0,1}. Several selectors make a
 * multi-device engine. {@code all} takes the devices of the backend's list that are of the first
 * device's kind: the same platform ({@code platformIndex}) and type ({@code type}) where the
 * backend says them, so that on OpenCL {@code all} spans the GPUs of one platform, not a CPU device
 * of another platform beside them.
 */
public final class DeviceSelection {
  /** The value that selects every device the backend's probe lists. */
  public static final String ALL = "all";

  private DeviceSelection() {}

  /**
   * The selectors of a multi-device engine, or empty when {@code value} selects one device (or is
   * unset), which stays exactly today's single-device path.
   *
   * @param devices the devices the backend lists, in its index order (for {@code all})
   * @throws IllegalArgumentException for an empty entry in a list, naming the value
   */
  public static Optional<List<String>> members(String value, List<DeviceInfo> devices) {
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    String trimmed = value.trim();
    if (trimmed.equalsIgnoreCase(ALL)) {
      List<String> all = new ArrayList<>();
      for (int i = 0; i < devices.size(); i++) {
        if (sameKind(devices.get(0), devices.get(i))) {
          all.add(Integer.toString(i));
        }
      }
      return all.size() <= 1 ? Optional.empty() : Optional.of(List.copyOf(all));
    }
    if (!trimmed.contains(",")) {
      return Optional.empty();
    }
    List<String> selectors = new ArrayList<>();
    for (String part : trimmed.split(",", -1)) {
      if (part.isBlank()) {
        throw new IllegalArgumentException(
            "prims.device '" + value + "' has an empty entry; give indices or names such as 0,1");
      }
      selectors.add(part.trim());
    }
    return selectors.size() == 1 ? Optional.empty() : Optional.of(List.copyOf(selectors));
  }

  private static boolean sameKind(DeviceInfo first, DeviceInfo other) {
    for (String key : List.of("platformIndex", "type")) {
      if (!java.util.Objects.equals(first.details().get(key), other.details().get(key))) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code value} asks for several devices (before the probe is known). */
  public static boolean isMulti(String value) {
    return value != null && (value.trim().equalsIgnoreCase(ALL) || value.contains(","));
  }
}
