package dev.prims.cuda;

import dev.prims.Prims;
import dev.prims.PrimsConfig;
import org.junit.jupiter.api.Assumptions;

/** What the CUDA tests that open {@link Prims} themselves share. */
final class CudaTests {
  private CudaTests() {}

  /** A configuration of the CUDA backend alone, without fallback. */
  static PrimsConfig.Builder cudaOnly() {
    return PrimsConfig.builder().backend("cuda").fallback(false);
  }

  /** Skips the test when {@code prims} found no CUDA device, naming the reason. */
  static void assumeDevice(Prims prims) {
    var cuda = prims.backends().get("cuda");
    Assumptions.assumeTrue(cuda.available(), () -> "no CUDA device: " + cuda.reason());
  }
}
