package dev.prims.aparapi;

import dev.prims.Determinism;
import dev.prims.spi.CallContext;

/**
 * This backend sums floating values in its launch order only ({@code fast}); a call asking for
 * {@code reproducible} gets that result with a note saying so, never silently.
 */
final class FastOrderOnly {
  private FastOrderOnly() {}

  /**
   * Notes on {@code call} that a reproducible result was asked for but not given, when the result
   * depends on the order ({@code orderSensitive}: floating sums and products).
   */
  static void noteIfReproducibleAsked(CallContext call, boolean orderSensitive) {
    if (call != null && call.determinism() == Determinism.REPRODUCIBLE && orderSensitive) {
      call.note("aparapi has no reproducible order for floating sums; computed in fast order");
    }
  }
}
