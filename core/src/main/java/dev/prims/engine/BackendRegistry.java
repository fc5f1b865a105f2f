package dev.prims.engine;

import dev.prims.BackendUnavailableException;
import dev.prims.PrimsException;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendProvider;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The known providers, and the backends opened from them: each at most once, lazily, on first use.
 * A backend that failed to open keeps its failure, so it is not retried on every call.
 */
public final class BackendRegistry implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BackendRegistry.class);

  private final Map<String, BackendProvider> providers;
  private final ResolvedConfig config;
  private final Map<String, Backend> open = new ConcurrentHashMap<>();
  private final Map<String, RuntimeException> failed = new ConcurrentHashMap<>();
  private volatile boolean closed;

  @Inject
  BackendRegistry(Map<String, BackendProvider> providers, ResolvedConfig config) {
    this.providers = new TreeMap<>(providers);
    this.config = config;
  }

  /** The configuration keys of the engine, the tools and these providers. */
  public ConfigKeys configurationKeys() {
    return ConfigKeys.of(providers.values());
  }

  /** Known provider ids, sorted. */
  public List<String> ids() {
    return List.copyOf(providers.keySet());
  }

  /** Provider ids from highest to lowest priority (the order {@code auto} tries them). */
  public List<String> idsByPriority() {
    List<String> ids = new ArrayList<>(providers.keySet());
    ids.sort(Comparator.comparingInt((String id) -> -providers.get(id).priority()));
    return ids;
  }

  /**
   * @throws IllegalArgumentException naming the known ids when {@code id} is unknown
   */
  public BackendProvider provider(String id) {
    BackendProvider p = providers.get(id);
    if (p == null) {
      throw new IllegalArgumentException(
          "unknown backend '" + id + "'; known backends: " + String.join(", ", providers.keySet()));
    }
    return p;
  }

  /** Probes {@code id} without opening it; never throws for a known id. */
  public Availability probe(String id) {
    BackendProvider p = provider(id);
    try {
      return p.probe(config);
    } catch (RuntimeException | LinkageError e) {
      return Availability.broken(
          "probe failed: " + FailureMessages.withType(e, "probing backend " + id));
    }
  }

  /**
   * The open backend {@code id}, opening it on first use.
   *
   * @throws BackendUnavailableException with the reason when it cannot be opened
   */
  public Backend open(String id) {
    BackendProvider provider = provider(id);
    if (closed) {
      throw new IllegalStateException("prims engine is closed");
    }
    RuntimeException earlier = failed.get(id);
    if (earlier != null) {
      throw earlier;
    }
    try {
      return open.computeIfAbsent(id, k -> create(provider));
    } catch (BackendUnavailableException e) {
      failed.put(id, e);
      throw e;
    }
  }

  private Backend create(BackendProvider provider) {
    try {
      Backend backend = provider.create(config);
      LOG.debug("opened backend {} on {}", provider.id(), backend.device().name());
      return backend;
    } catch (BackendUnavailableException e) {
      throw e;
    } catch (PrimsException | IllegalArgumentException e) {
      throw new BackendUnavailableException(
          provider.id(), FailureMessages.describe(e, "opening backend " + provider.id()), e);
    } catch (RuntimeException | LinkageError e) {
      throw new BackendUnavailableException(
          provider.id(),
          "cannot open: " + FailureMessages.withType(e, "opening backend " + provider.id()),
          e);
    }
  }

  /** Closes every opened backend. */
  @Override
  public void close() {
    closed = true;
    for (Backend b : open.values()) {
      try {
        b.close();
      } catch (RuntimeException e) {
        LOG.warn("closing backend {} failed: {}", b.id(), e.toString());
      }
    }
    open.clear();
  }

  /** Whether {@link #close()} was called. */
  public boolean isClosed() {
    return closed;
  }
}
