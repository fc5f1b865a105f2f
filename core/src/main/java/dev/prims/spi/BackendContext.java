package dev.prims.spi;

import java.util.Optional;

/** What a backend is given when probed or created: the resolved configuration. */
public interface BackendContext {
  /** The value of a configuration key such as {@code prims.device}, if set. */
  Optional<String> get(String key);

  /** The value of {@code key}, or {@code defaultValue} when unset. */
  default String get(String key, String defaultValue) {
    return get(key).orElse(defaultValue);
  }

  /**
   * The value of {@code key} as a boolean: {@code true} or {@code false} (any case), or {@code
   * defaultValue} when unset.
   *
   * @throws IllegalArgumentException naming the key and value when it is anything else
   */
  default boolean flag(String key, boolean defaultValue) {
    String value = get(key).map(String::trim).orElse(null);
    if (value == null) {
      return defaultValue;
    }
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value);
    }
    throw new IllegalArgumentException(key + " must be true or false, got '" + value + "'");
  }

  /**
   * The value of {@code key} as a whole number in {@code [min, max]}, or {@code defaultValue} when
   * unset.
   *
   * @throws IllegalArgumentException naming the key, the range and the value when it is anything
   *     else
   */
  default long integer(String key, long defaultValue, long min, long max) {
    String value = get(key).map(String::trim).orElse(null);
    if (value == null) {
      return defaultValue;
    }
    try {
      long number = Long.parseLong(value);
      if (number >= min && number <= max) {
        return number;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new IllegalArgumentException(
        key + " must be an integer in [" + min + ", " + max + "], got '" + value + "'");
  }
}
