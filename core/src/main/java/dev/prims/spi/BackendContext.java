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
}
