package dev.prims.app.reliability;

import dev.prims.Prims;
import java.util.List;
import java.util.Map;

/** The backends an engine can run on here. */
final class AvailableBackends {
  private AvailableBackends() {}

  /** The ids of {@code engine}'s available backends, in id order. */
  static List<String> of(Prims engine) {
    return engine.backends().entrySet().stream()
        .filter(e -> e.getValue().available())
        .map(Map.Entry::getKey)
        .toList();
  }
}
