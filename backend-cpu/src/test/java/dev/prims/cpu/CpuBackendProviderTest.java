package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.BackendUnavailableException;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CpuBackendProviderTest {
  private static BackendContext context(Map<String, String> values) {
    return key -> Optional.ofNullable(values.get(key));
  }

  @Test
  void isDiscoveredAndAvailable() {
    try (Prims prims = Prims.create(PrimsConfig.empty())) {
      Availability cpu = prims.backends().get("cpu");
      assertTrue(cpu.available(), "cpu is always available");
      assertEquals(1, cpu.devices().size());
      assertEquals(Runtime.getRuntime().availableProcessors(), cpu.devices().get(0).computeUnits());
    }
  }

  @Test
  void threadCountComesFromConfiguration() {
    CpuBackendProvider provider = new CpuBackendProvider();
    assertEquals("cpu", provider.id());
    assertEquals(0, provider.priority());
    Availability a = provider.probe(context(Map.of(CpuBackendProvider.THREADS, "3")));
    assertEquals(3, a.devices().get(0).computeUnits());
    try (Backend b = provider.create(context(Map.of(CpuBackendProvider.THREADS, "3")))) {
      assertEquals(3, b.device().computeUnits());
    }
  }

  @Test
  void badThreadCountMakesTheBackendBrokenWithTheReason() {
    CpuBackendProvider provider = new CpuBackendProvider();
    for (String bad : new String[] {"0", "-2", "many", "32768", "100000"}) {
      Availability a = provider.probe(context(Map.of(CpuBackendProvider.THREADS, bad)));
      assertFalse(a.available(), bad);
      assertFalse(a.hardwareAbsent(), bad);
      assertTrue(a.reason().contains(CpuBackendProvider.THREADS), a.reason());
      assertThrows(
          BackendUnavailableException.class,
          () -> provider.create(context(Map.of(CpuBackendProvider.THREADS, bad))));
    }
    try (Prims prims =
        Prims.create(
            PrimsConfig.builder().backend("cpu").set(CpuBackendProvider.THREADS, "0").build())) {
      BackendUnavailableException e =
          assertThrows(
              BackendUnavailableException.class, () -> prims.reduce(new int[] {1}, ReduceOp.SUM));
      assertTrue(e.getMessage().contains(CpuBackendProvider.THREADS), e.getMessage());
    }
  }

  @Test
  void aThreadCountBeyondTheForkJoinPoolsLimitNamesTheKeyAndTheLimit() {
    try (Prims prims =
        Prims.create(
            PrimsConfig.builder()
                .backend("cpu")
                .set(CpuBackendProvider.THREADS, "100000")
                .build())) {
      BackendUnavailableException e =
          assertThrows(
              BackendUnavailableException.class, () -> prims.reduce(new int[] {1}, ReduceOp.SUM));
      assertTrue(
          e.getMessage().contains("prims.cpu.threads must be an integer in [1, 32767]"),
          e.getMessage());
      assertFalse(e.getMessage().contains("null"), e.getMessage());
    }
    try (Backend b =
        new CpuBackendProvider().create(context(Map.of(CpuBackendProvider.THREADS, "32767")))) {
      assertEquals(32767, b.device().computeUnits());
    }
  }

  @Test
  void theDeviceMustNameTheOneCpuDevice() {
    CpuBackendProvider provider = new CpuBackendProvider();
    String name = provider.probe(context(Map.of())).devices().get(0).name();
    for (String ok : new String[] {"0", name.substring(0, 3).toUpperCase(java.util.Locale.ROOT)}) {
      assertTrue(provider.probe(context(Map.of(PrimsConfig.DEVICE, ok))).available(), ok);
    }
    for (String bad : new String[] {"999", "1", "no such processor"}) {
      Availability a = provider.probe(context(Map.of(PrimsConfig.DEVICE, bad)));
      assertFalse(a.available(), bad);
      assertTrue(
          a.reason().contains("prims.device '" + bad + "' matches no cpu device"), a.reason());
      assertThrows(
          BackendUnavailableException.class,
          () -> provider.create(context(Map.of(PrimsConfig.DEVICE, bad))));
    }
  }

  @Test
  void offHeapThresholdAndChunkComeFromConfiguration() {
    Map<String, String> keys =
        Map.of(CpuBackendProvider.OFF_HEAP_THRESHOLD, "10", CpuBackendProvider.OFF_HEAP_CHUNK, "4");
    try (Backend b = new CpuBackendProvider().create(context(keys))) {
      CpuBufferManager buffers = (CpuBufferManager) b.buffers();
      assertEquals(4, buffers.chunk(DType.DOUBLE));
      try (DeviceBuffer small = buffers.allocate(DType.INT, 10);
          DeviceBuffer large = buffers.allocate(DType.INT, 11)) {
        assertTrue(CpuBuffer.of(small).onHeap());
        assertFalse(CpuBuffer.of(large).onHeap());
      }
    }
    try (Backend b = new CpuBackendProvider().create(context(Map.of()))) {
      CpuBufferManager buffers = (CpuBufferManager) b.buffers();
      assertEquals(1 << 28, buffers.chunk(DType.FLOAT));
      assertEquals(1 << 27, buffers.chunk(DType.LONG));
    }
  }

  @Test
  void badOffHeapKeysMakeTheBackendBrokenWithTheReason() {
    CpuBackendProvider provider = new CpuBackendProvider();
    String[][] bad = {
      {CpuBackendProvider.OFF_HEAP_THRESHOLD, "-1"},
      {CpuBackendProvider.OFF_HEAP_THRESHOLD, "2147483647"},
      {CpuBackendProvider.OFF_HEAP_THRESHOLD, "lots"},
      {CpuBackendProvider.OFF_HEAP_CHUNK, "0"},
      {CpuBackendProvider.OFF_HEAP_CHUNK, "268435456"},
    };
    for (String[] keyValue : bad) {
      Map<String, String> keys = Map.of(keyValue[0], keyValue[1]);
      Availability a = provider.probe(context(keys));
      assertFalse(a.available(), keyValue[0] + "=" + keyValue[1]);
      assertTrue(a.reason().contains(keyValue[0]), a.reason());
      assertThrows(BackendUnavailableException.class, () -> provider.create(context(keys)));
    }
  }

  @Test
  void statedChainIsWithinTheElementCount() {
    try (Backend b = new CpuBackendProvider().create(context(Map.of()))) {
      for (long n : new long[] {0, 1, 7, 1000, 1 << 20, 1L << 28, Integer.MAX_VALUE}) {
        long chain = b.sequentialChain(DType.FLOAT, n);
        assertTrue(chain >= 0 && chain <= n, n + " -> " + chain);
      }
      assertTrue(b.sequentialChain(DType.DOUBLE, 1L << 28) < 1L << 16, "chains stay short");
    }
  }
}
