package dev.prims.app.reliability;

import dev.prims.BackendUnavailableException;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;

/**
 * A provider with its own id wrapping a real provider (cpu, opencl) and injecting one {@link
 * Fault}, for tests of what users see when a backend breaks.
 */
record FaultyProvider(String id, BackendProvider real, Fault fault) implements BackendProvider {
  /** The native library the {@link Fault#MISSING_NATIVE} backend tries, and fails, to load. */
  static final String MISSING_LIBRARY = "prims-injected-missing-native";

  @Override
  public int priority() {
    return real.priority() + 100;
  }

  @Override
  public Availability probe(BackendContext context) {
    if (fault == Fault.MISSING_NATIVE) {
      return Availability.absent("native library could not be loaded: " + loadMissingLibrary());
    }
    return real.probe(context);
  }

  @Override
  public Backend create(BackendContext context) {
    if (fault == Fault.MISSING_NATIVE) {
      throw new BackendUnavailableException(
          id, "native library could not be loaded: " + loadMissingLibrary());
    }
    return new FaultyBackend(id, real.create(context), fault);
  }

  /** Really asks the JVM for a library that is not there, and returns its error message. */
  private static String loadMissingLibrary() {
    try {
      System.loadLibrary(MISSING_LIBRARY);
      throw new IllegalStateException(MISSING_LIBRARY + " unexpectedly loaded");
    } catch (UnsatisfiedLinkError e) {
      return e.getMessage();
    }
  }
}
