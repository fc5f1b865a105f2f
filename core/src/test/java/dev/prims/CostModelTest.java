package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.FakeProvider.Mode;
import dev.prims.engine.CostModel;
import dev.prims.engine.CostModel.Rates;
import dev.prims.engine.CostModelCache;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CostModelTest {
  @TempDir Path dir;

  /**
   * gpu: 100 GB/s transfers, 1000 GB/s device, 10 us launches; host: no transfer, 20 GB/s, 1 us.
   * The gpu wins above about 230 kB.
   */
  private Path cacheWithGpuAndHost(FakeProvider gpu, FakeProvider host) {
    Path cache = dir.resolve("costmodel.json");
    Rates g = new Rates("gpu", "gpu-device", 100, 1000, 10);
    Rates h = new Rates("host", "host-device", 1e6, 20, 1);
    new CostModelCache(cache)
        .save(
            Map.of(
                CostModelCache.key(g), CostModelCache.stamped(g, gpu.device()),
                CostModelCache.key(h), CostModelCache.stamped(h, host.device())));
    return cache;
  }

  private static Prims auto(Path cache, FakeProvider... providers) {
    return Prims.create(
        PrimsConfig.builder().backend("auto").build().with(CostModel.CACHE_KEY, cache.toString()),
        List.of(providers));
  }

  @Test
  void smallArraysStayOnTheHostAndLargeOnesGoToTheDeviceSayingWhy() {
    FakeProvider gpu = new FakeProvider("gpu", 100, Mode.WORKS);
    FakeProvider host = new FakeProvider("host", 1, Mode.WORKS);
    try (Prims prims = auto(cacheWithGpuAndHost(gpu, host), gpu, host)) {
      Scalar small = prims.reduce(new int[1000], ReduceOp.SUM);
      assertEquals("host", small.provenance().backend());
      assertTrue(
          small.provenance().note().startsWith("auto: host, est "), small.provenance().note());
      assertTrue(small.provenance().note().contains(" vs gpu "), small.provenance().note());

      int[] large = new int[1 << 20];
      large[7] = 5;
      Scalar big = prims.reduce(large, ReduceOp.SUM);
      assertEquals(5, big.asInt());
      assertEquals("gpu", big.provenance().backend());
      assertTrue(big.provenance().note().startsWith("auto: gpu, est "), big.provenance().note());
    }
  }

  @Test
  void estimatesFollowTheFormula() {
    FakeProvider gpu = new FakeProvider("gpu", 100, Mode.WORKS);
    FakeProvider host = new FakeProvider("host", 1, Mode.WORKS);
    try (Prims prims = auto(cacheWithGpuAndHost(gpu, host), gpu, host)) {
      Map<String, Rates> rates = prims.costModel().rates();
      Rates g = rates.get("gpu");
      assertEquals(100, g.hostToDeviceGBps());
      assertEquals("gpu-device", g.device());
      // 1e9 bytes: 10 ms transfer + 1 ms device + 0.01 ms launch
      assertEquals(11.01, g.estimateMillis(1_000_000_000L, true), 1e-9);
      assertEquals(1.01, g.estimateMillis(1_000_000_000L, false), 1e-9);
      CostModel.Choice choice = prims.costModel().rank(4_000_000);
      assertEquals("gpu", choice.ranking().get(0).backend());
      assertEquals("host", choice.ranking().get(1).backend());
    }
  }

  @Test
  void unmeasuredBackendsAreMeasuredOnceAndCached() {
    Path cache = dir.resolve("sub").resolve("costmodel.json");
    FakeProvider alpha = new FakeProvider("alpha", 1, Mode.WORKS);
    Rates measured;
    try (Prims prims = auto(cache, alpha)) {
      Scalar s = prims.reduce(new int[] {2, 3}, ReduceOp.SUM);
      assertEquals(5, s.asInt());
      assertTrue(s.provenance().note().startsWith("auto: alpha, est "), s.provenance().note());
      measured = prims.costModel().rates().get("alpha");
      assertNull(CostModelCache.invalidity(measured), "" + measured);
    }
    Map<String, CostModelCache.Entry> written = new CostModelCache(cache).load();
    assertEquals(measured, written.get("alpha|alpha-device").rates());
    try (Prims again = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      assertEquals(measured, again.costModel().rates().get("alpha"));
    }
  }

  @Test
  void unavailableOrUnmeasurableBackendsAreNeverChosen() {
    FakeProvider gone = new FakeProvider("gone", 100, Mode.UNAVAILABLE);
    FakeProvider broken = new FakeProvider("broken", 50, Mode.THROWS_RUNTIME);
    FakeProvider host = new FakeProvider("host", 1, Mode.WORKS);
    try (Prims prims = auto(cacheWithGpuAndHost(gone, host), gone, broken, host)) {
      Scalar s = prims.reduce(new int[1 << 20], ReduceOp.SUM);
      assertEquals("host", s.provenance().backend());
      assertFalse(prims.costModel().rates().containsKey("gone"));
      assertFalse(prims.costModel().rates().containsKey("broken"));
    }
  }

  /** A format-2 cache with one entry for alpha whose deviceGBps is {@code deviceGBps}. */
  private Path poisoned(String deviceGBps, String prims) throws Exception {
    Path cache = dir.resolve("costmodel.json");
    String driver = CostModelCache.stamped(new Rates("a", "b", 1, 1, 1), device()).driver();
    Files.writeString(
        cache,
        "{\"format\": 2, \"entries\": {\"alpha|alpha-device\": {\"prims\": \""
            + prims
            + "\", \"driver\": \""
            + driver
            + "\", \"hostToDeviceGBps\": 1e6, \"deviceGBps\": "
            + deviceGBps
            + ", \"launchMicros\": 1}}}",
        StandardCharsets.UTF_8);
    return cache;
  }

  private static dev.prims.spi.DeviceInfo device() {
    return new FakeProvider("alpha", 1, Mode.WORKS).device();
  }

  private static String current() {
    Rates any = new Rates("a", "b", 1, 1, 1);
    return CostModelCache.stamped(any, device()).prims();
  }

  @ParameterizedTest
  @ValueSource(strings = {"-5", "0", "1e-300", "1e300", "1e400", "-0.0", "5e-4", "200000"})
  void unphysicalRatesAreMeasuredAgainAndRewritten(String rate) throws Exception {
    Path cache = poisoned(rate, current());
    assertTrue(new CostModelCache(cache).load().isEmpty(), "the poisoned entry is not loaded");
    try (Prims prims = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      Rates r = prims.costModel().rates().get("alpha");
      assertNull(CostModelCache.invalidity(r), "" + r);
      assertTrue(prims.costModel().rank(4096).note().matches("auto: alpha, est \\d+\\.\\d+ ms.*"));
    }
    Rates rewritten = new CostModelCache(cache).load().get("alpha|alpha-device").rates();
    assertNull(CostModelCache.invalidity(rewritten), "" + rewritten);
  }

  @Test
  void aPlausibleEntryIsUsedAsItIs() throws Exception {
    Path cache = poisoned("321.5", current());
    try (Prims prims = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      assertEquals(321.5, prims.costModel().rates().get("alpha").deviceGBps());
    }
  }

  @Test
  void anEntryOfAnotherPrimsVersionIsMeasuredAgain() throws Exception {
    Path cache = poisoned("321.5", "0.0.1-older");
    try (Prims prims = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      prims.costModel().rates();
    }
    CostModelCache.Entry e = new CostModelCache(cache).load().get("alpha|alpha-device");
    assertEquals(current(), e.prims());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "{",
        "[]",
        "{\"format\": 1, \"entries\": {}}",
        "{\"alpha|alpha-device\": {\"hostToDeviceGBps\": 1, \"deviceGBps\": 1, \"launchMicros\": 1}}",
        "{\"format\": 2, \"entries\": {}, \"format\": 2}",
        "{\"format\": 2, \"entries\": {\"alpha|alpha-device\": {\"deviceGBps\": NaN}}}",
        "{\"format\": 2, \"entries\": {}} trailing"
      })
  void aMalformedOrOlderFileIsIgnoredAndReplaced(String text) throws Exception {
    Path cache = dir.resolve("costmodel.json");
    Files.writeString(cache, text, StandardCharsets.UTF_8);
    assertTrue(new CostModelCache(cache).load().isEmpty());
    try (Prims prims = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      prims.reduce(new int[] {1}, ReduceOp.SUM);
    }
    assertNotEquals(text, Files.readString(cache));
    assertEquals(1, new CostModelCache(cache).load().size());
  }

  @Test
  void calibrateMeasuresAgainWhateverTheCacheHolds() throws Exception {
    Path cache = poisoned("321.5", current());
    try (Prims prims = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      assertEquals(321.5, prims.costModel().rates().get("alpha").deviceGBps());
      Rates fresh = prims.costModel().calibrate().get("alpha");
      assertNull(CostModelCache.invalidity(fresh), "" + fresh);
      assertEquals(fresh, prims.costModel().rates().get("alpha"));
      assertEquals(fresh, new CostModelCache(cache).load().get("alpha|alpha-device").rates());
    }
  }
}
