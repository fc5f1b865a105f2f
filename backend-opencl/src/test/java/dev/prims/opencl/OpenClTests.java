package dev.prims.opencl;

import dev.prims.spi.Availability;
import dev.prims.spi.BackendContext;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/** What the OpenCL tests that probe the backend themselves share. */
final class OpenClTests {
  /** A context that sets no key. */
  static final BackendContext NO_KEYS = key -> Optional.empty();

  private OpenClTests() {}

  /**
   * The backend's availability with no key set; skips the test, saying why, where the machine has
   * no OpenCL platform.
   */
  static Availability assumePlatform() {
    Availability a = new OpenClBackendProvider().probe(NO_KEYS);
    Assumptions.assumeFalse(
        !a.available() && a.hardwareAbsent(), "no OpenCL platform here: " + a.reason());
    return a;
  }
}
