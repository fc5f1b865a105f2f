package dev.prims.engine;

import dev.prims.spi.Backend;

/**
 * The optional parts of a backend ({@link Backend#argReducer}, {@link Backend#momentsReducer},
 * {@link Backend#foldKernels}), required by the calls that use them.
 */
public final class Capabilities {
  private Capabilities() {}

  /**
   * {@code part}, which {@code backend} returned for {@code what} it offers.
   *
   * @throws UnsupportedOperationException "backend <id> has no {@code what}" when {@code part} is
   *     null
   */
  public static <T> T require(Backend backend, T part, String what) {
    if (part == null) {
      throw new UnsupportedOperationException("backend " + backend.id() + " has no " + what);
    }
    return part;
  }
}
