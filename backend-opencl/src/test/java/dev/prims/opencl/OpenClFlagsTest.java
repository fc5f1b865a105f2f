package dev.prims.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.BackendUnavailableException;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.spi.Availability;
import org.junit.jupiter.api.Test;

/** The OpenCL backend's boolean keys accept true or false only, naming the key otherwise. */
class OpenClFlagsTest {
  @Test
  void aMisspeltBooleanMakesTheBackendUnavailableNamingTheKey() {
    Availability a = OpenClTests.assumePlatform();
    assertTrue(a.available(), a.reason());
    for (String key :
        new String[] {OpenClBackend.INT64_ATOMICS_KEY, OpenClBackend.RUNTIME_OP_KEY}) {
      PrimsConfig config =
          PrimsConfig.builder().backend("opencl").fallback(false).set(key, "flase").build();
      try (Prims prims = Prims.create(config)) {
        BackendUnavailableException e =
            assertThrows(
                BackendUnavailableException.class,
                () -> prims.reduce(new int[] {1, 2}, ReduceOp.SUM));
        assertTrue(
            e.getMessage().contains(key + " must be true or false, got 'flase'"), e.getMessage());
      }
      try (Prims prims =
          Prims.create(PrimsConfig.builder().backend("opencl").set(key, " FALSE ").build())) {
        assertEquals(3, prims.reduce(new int[] {1, 2}, ReduceOp.SUM).asInt());
      }
    }
  }
}
