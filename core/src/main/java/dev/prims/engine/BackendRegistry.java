package dev.prims.engine;

import dev.prims.BackendUnavailableException;
import dev.prims.PrimsConfig;
import dev.prims.PrimsException;
import dev.prims.engine.multidevice.DeviceSelection;
import dev.prims.engine.multidevice.MultiDeviceBackend;
import dev.prims.engine.multidevice.ShardLayout;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferCleaner;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
      return p.probe(probeContext());
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
    String device = config.get(PrimsConfig.DEVICE).orElse(null);
    if (DeviceSelection.isMulti(device)) {
      return createOnDevices(provider, device);
    }
    return create(provider, config);
  }

  /**
   * The backend over every device {@code device} names ({@code all} or a list), or the single
   * device's backend when it names one.
   */
  private Backend createOnDevices(BackendProvider provider, String device) {
    Availability availability = probe(provider.id());
    if (!availability.available()) {
      throw new BackendUnavailableException(provider.id(), availability.reason(), null);
    }
    Optional<List<String>> selectors = DeviceSelection.members(device, availability.devices());
    if (selectors.isEmpty()) {
      return create(provider, withDevice("0"));
    }
    long align = ShardLayout.align(config.get(ShardLayout.ALIGN_KEY).orElse(null));
    List<Backend> members = new ArrayList<>();
    try {
      for (String selector : selectors.get()) {
        members.add(create(provider, withDevice(selector)));
      }
      MultiDeviceBackend backend =
          new MultiDeviceBackend(provider.id(), members, align, BufferCleaner.captureSites(config));
      LOG.debug("opened backend {} on {}", provider.id(), backend.device().name());
      return backend;
    } catch (RuntimeException | Error e) {
      for (Backend member : members) {
        try {
          member.close();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }

  /** The configuration with {@code prims.device} set to one device's selector. */
  private BackendContext withDevice(String selector) {
    return key -> key.equals(PrimsConfig.DEVICE) ? Optional.of(selector) : config.get(key);
  }

  /** What providers probe: without a multi-device {@code prims.device}, which no provider reads. */
  private BackendContext probeContext() {
    return config.get(PrimsConfig.DEVICE).filter(DeviceSelection::isMulti).isPresent()
        ? key -> key.equals(PrimsConfig.DEVICE) ? Optional.empty() : config.get(key)
        : config;
  }

  private Backend create(BackendProvider provider, BackendContext context) {
    try {
      Backend backend = provider.create(context);
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
