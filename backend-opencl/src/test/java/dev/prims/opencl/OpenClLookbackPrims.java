package dev.prims.opencl;

import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.spi.Availability;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The OpenCL backend alone with the look-back on or off ({@link OpenClScanPolicy#LOOKBACK_KEY}),
 * for tests that compare the one-pass paths with the ones they replace; skips where there is no
 * OpenCL device.
 */
final class OpenClLookbackPrims {
  private OpenClLookbackPrims() {}

  /** Skips the test, saying why, where no OpenCL device is available. */
  static void requireOpenCl() {
    Availability a = new OpenClBackendProvider().probe(key -> Optional.empty());
    if (!a.available()) {
      Assumptions.abort("opencl not available: " + a.reason());
    }
  }

  /** A Prims on the OpenCL backend, without fallback, its look-back on or turned off. */
  static Prims opencl(boolean lookback) {
    return Prims.create(
        PrimsConfig.builder()
            .backend("opencl")
            .fallback(false)
            .set(OpenClScanPolicy.LOOKBACK_KEY, Boolean.toString(lookback))
            .build());
  }

  /**
   * Asserts that {@code call} on the OpenCL backend with {@code key} set to {@code value} fails
   * with a message (or cause) that names the key.
   */
  static void assertRefusedByName(String key, String value, Consumer<Prims> call) {
    PrimsConfig config =
        PrimsConfig.builder().backend("opencl").fallback(false).set(key, value).build();
    RuntimeException e =
        Assertions.assertThrows(
            RuntimeException.class,
            () -> {
              try (Prims prims = Prims.create(config)) {
                call.accept(prims);
              }
            });
    String message = String.valueOf(e.getMessage()) + " " + String.valueOf(e.getCause());
    Assertions.assertTrue(message.contains(key), message);
  }
}
