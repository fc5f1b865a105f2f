package dev.prims.engine;

import dev.prims.spi.BackendProvider;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds {@link BackendProvider}s with {@link ServiceLoader}. Ids must be lower-case words; the
 * first provider per id wins and later ones are logged and ignored. A provider that cannot even be
 * instantiated is logged and skipped, never fatal.
 */
final class ProviderDiscovery {
  private static final Logger LOG = LoggerFactory.getLogger(ProviderDiscovery.class);
  private static final Pattern ID = Pattern.compile("[a-z][a-z0-9-]*");

  private ProviderDiscovery() {}

  static Map<String, BackendProvider> discover(ClassLoader loader) {
    Map<String, BackendProvider> found = new LinkedHashMap<>();
    var iterator = ServiceLoader.load(BackendProvider.class, loader).iterator();
    while (true) {
      BackendProvider provider;
      try {
        if (!iterator.hasNext()) {
          break;
        }
        provider = iterator.next();
      } catch (ServiceConfigurationError | LinkageError e) {
        LOG.warn("skipping a backend provider that cannot be loaded: {}", e.toString());
        continue;
      }
      String id = provider.id();
      if (id == null || !ID.matcher(id).matches()) {
        LOG.warn("ignoring backend provider {} with invalid id '{}'", provider.getClass(), id);
      } else if (found.containsKey(id)) {
        LOG.warn(
            "ignoring backend provider {}: id '{}' is already taken by {}",
            provider.getClass().getName(),
            id,
            found.get(id).getClass().getName());
      } else {
        found.put(id, provider);
      }
    }
    return found;
  }
}
