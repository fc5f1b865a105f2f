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
}
