package dev.prims.engine;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.MapBinder;
import dev.prims.spi.BackendProvider;
import java.util.Map;

/**
 * Guice wiring: the resolved configuration, every {@link BackendProvider} found by {@link
 * java.util.ServiceLoader} in a {@code MapBinder<String, BackendProvider>}, and the {@link
 * BackendRegistry} that opens them lazily.
 */
public final class PrimsModule extends AbstractModule {
  private final ResolvedConfig config;
  private final Map<String, BackendProvider> providers;

  /** Discovers providers on the context class loader (or this class's loader). */
  public PrimsModule(ResolvedConfig config) {
    this(config, ProviderDiscovery.discover(classLoader()));
  }

  /** Uses exactly these providers (tests inject fakes this way). */
  public PrimsModule(ResolvedConfig config, Map<String, BackendProvider> providers) {
    this.config = config;
    this.providers = Map.copyOf(providers);
  }

  private static ClassLoader classLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : PrimsModule.class.getClassLoader();
  }

  /** The providers by id. */
  public Map<String, BackendProvider> providers() {
    return providers;
  }

  @Override
  protected void configure() {
    bind(ResolvedConfig.class).toInstance(config);
    MapBinder<String, BackendProvider> binder =
        MapBinder.newMapBinder(binder(), String.class, BackendProvider.class);
    providers.forEach((id, provider) -> binder.addBinding(id).toInstance(provider));
    bind(BackendRegistry.class).asEagerSingleton();
    bind(Engine.class).asEagerSingleton();
  }
}
