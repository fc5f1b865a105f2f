package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * An off-heap cpu buffer that is never closed is freed by the cleaner with a warning naming where
 * it was allocated; a closed one is not reported.
 */
class CpuOffHeapLeakTest {
  @Test
  void anUnclosedOffHeapBufferIsFreedWithAWarningNamingItsAllocationSite() throws Exception {
    List<String> warned = new CopyOnWriteArrayList<>();
    try (AutoCloseable listening = BufferCleaner.listen(warned::add);
        Prims prims =
            Prims.create(
                PrimsConfig.of(
                    Map.of(
                        PrimsConfig.BACKEND,
                        "cpu",
                        "prims.cpu.offheap.threshold",
                        "0",
                        "prims.cpu.offheap.chunk",
                        "1000",
                        BufferCleaner.DEBUG_KEY,
                        "true")))) {
      closeOne(prims);
      leakOne(prims);
      for (int i = 0; i < 200 && warned.isEmpty(); i++) {
        System.gc();
        Thread.sleep(20);
      }
      assertEquals(1, warned.size(), warned.toString());
      String warning = warned.get(0);
      assertTrue(warning.startsWith("cpu off-heap buffer of 2500 float was never closed"), warning);
      assertTrue(warning.contains("leakOne"), warning);
    }
  }

  private static void closeOne(Prims prims) {
    try (DeviceBuffer closed = prims.allocate(DType.INT, 3000)) {
      assertEquals(3000, closed.length());
    }
  }

  private static void leakOne(Prims prims) {
    DeviceBuffer leaked = prims.allocate(DType.FLOAT, 2500);
    assertTrue(leaked.toString().contains("off-heap"), leaked.toString());
  }
}
