package dev.prims.spi;

import java.util.Set;

/**
 * Entry point of a backend, discovered with {@link java.util.ServiceLoader}. Its constructor must
 * be public, take no arguments and touch no native library.
 */
public interface BackendProvider {
  /** Stable id used in configuration ({@code "cpu"}, {@code "cuda"}); lower case, never null. */
  String id();

  /** Preference when {@code prims.backend=auto}: higher is tried first. */
  int priority();

  /**
   * Whether this backend can run here, with the reason when not and the devices when so. Never
   * throws: a missing native library or device is reported as unavailable.
   */
  Availability probe(BackendContext context);

  /**
   * Opens the backend on the device chosen by {@code context} ({@code prims.device}).
   *
   * @throws dev.prims.BackendUnavailableException with the reason when it cannot run here
   */
  Backend create(BackendContext context);

  /**
   * The configuration keys this backend reads ({@code prims.cpu.threads}), so that a misspelt key
   * is reported instead of ignored; a key ending with {@code .} stands for every key below it.
   */
  default Set<String> configurationKeys() {
    return Set.of();
  }
}
