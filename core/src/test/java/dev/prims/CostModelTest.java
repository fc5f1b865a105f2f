package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.FakeProvider.Mode;
import dev.prims.engine.CostCurve;
import dev.prims.engine.CostModel;
import dev.prims.engine.CostModel.Rates;
import dev.prims.engine.CostModelCache;
import dev.prims.engine.TestCurves;
import dev.prims.engine.Workload;
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
  private static final Workload INT_SUM = Workload.of(Primitive.REDUCE, DType.INT, true);

  @TempDir Path dir;

  /** gpu: 10 us per call and 100 GB/s; host: 1 us and 20 GB/s. The gpu wins above about 225 kB. */
  private Path cacheWithGpuAndHost(FakeProvider gpu, FakeProvider host) {
    Path cache = dir.resolve("costmodel.json");
    Rates g = TestCurves.everywhere("gpu", "gpu-device", 10, 100);
    Rates h = TestCurves.everywhere("host", "host-device", 1, 20);
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
      assertEquals("gpu-device", g.device());
      // 1e9 bytes: 10 ms at 100 GB/s + 0.01 ms per call
      assertEquals(10.01, g.estimateMillis(INT_SUM, 1_000_000_000L), 1e-9);
      CostModel.Choice choice = prims.costModel().rank(INT_SUM, 4_000_000);
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
      assertEquals(List.of(INT_SUM), List.copyOf(measured.curves().keySet()));
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
      Map<String, Rates> rates = prims.costModel().rates(List.of(INT_SUM));
      assertFalse(rates.containsKey("gone"));
      assertFalse(rates.containsKey("broken"));
    }
  }

  /** A format-3 cache with one entry for alpha whose int sum on host arrays is {@code points}. */
  private Path poisoned(String points, String prims) throws Exception {
    Path cache = dir.resolve("costmodel.json");
    String driver =
        CostModelCache.stamped(TestCurves.everywhere("a", "b", 1, 1), device()).driver();
    Files.writeString(
        cache,
        "{\"format\": 3, \"entries\": {\"alpha|alpha-device\": {\"prims\": \""
            + prims
            + "\", \"driver\": \""
            + driver
            + "\", \"workloads\": {\"reduce.int.host\": "
            + points
            + "}}}}",
        StandardCharsets.UTF_8);
    return cache;
  }

  /** A plausible curve: 2 us per call, 321.5 GB/s. */
  private static final String PLAUSIBLE = "[[0, 2], [321500, 3]]";

  private static dev.prims.spi.DeviceInfo device() {
    return new FakeProvider("alpha", 1, Mode.WORKS).device();
  }

  private static String current() {
    Rates any = TestCurves.everywhere("a", "b", 1, 1);
    return CostModelCache.stamped(any, device()).prims();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "[[0, -5], [1000, 1]]",
        "[[0, 1], [1000, 1]]",
        "[[0, 1], [1000, 0.5]]",
        "[[0, 1], [1000, 1e300]]",
        "[[0, 1], [1000, 1e400]]",
        "[[0, 1], [1000, 2e9]]",
        "[[1000, 1], [0, 2]]",
        "[[0, 1]]",
        "[]",
        "[[0, 1], [1, 1e-300]]"
      })
  void unphysicalCurvesAreMeasuredAgainAndRewritten(String points) throws Exception {
    Path cache = poisoned(points, current());
    CostModelCache.Entry loaded = new CostModelCache(cache).load().get("alpha|alpha-device");
    assertTrue(
        loaded == null || loaded.rates().curves().isEmpty(),
        "the poisoned curve is not loaded: " + loaded);
    try (Prims prims = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      assertTrue(
          prims
              .costModel()
              .rank(INT_SUM, 4096)
              .note()
              .matches("auto: alpha, est \\d+\\.\\d+ ms.*"));
      Rates r = prims.costModel().rates().get("alpha");
      assertNull(CostModelCache.invalidity(r), "" + r);
      assertTrue(r.curves().containsKey(INT_SUM), "" + r);
    }
    Rates rewritten = new CostModelCache(cache).load().get("alpha|alpha-device").rates();
    assertNull(CostModelCache.invalidity(rewritten), "" + rewritten);
  }

  @Test
  void aPlausibleEntryIsUsedAsItIs() throws Exception {
    Path cache = poisoned(PLAUSIBLE, current());
    try (Prims prims = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      CostCurve curve = prims.costModel().rates().get("alpha").curves().get(INT_SUM);
      assertEquals(321.5, curve.gbps(), 1e-9);
      assertEquals(2, curve.fixedMicros(), 1e-9);
    }
  }

  @Test
  void anEntryOfAnotherPrimsVersionIsMeasuredAgain() throws Exception {
    Path cache = poisoned(PLAUSIBLE, "0.0.1-older");
    try (Prims prims = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      prims.costModel().rank(INT_SUM, 4096);
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
        "{\"format\": 2, \"entries\": {}}",
        "{\"alpha|alpha-device\": {\"hostToDeviceGBps\": 1, \"deviceGBps\": 1, \"launchMicros\": 1}}",
        "{\"format\": 3, \"entries\": {}, \"format\": 3}",
        "{\"format\": 3, \"entries\": {\"alpha|alpha-device\": {\"workloads\": NaN}}}",
        "{\"format\": 3, \"entries\": {\"alpha|alpha-device\": {\"workloads\": {\"reduce.int.host\": [[0, NaN]]}}}}",
        "{\"format\": 3, \"entries\": {}} trailing"
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
    Path cache = poisoned(PLAUSIBLE, current());
    try (Prims prims = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      CostCurve cached = prims.costModel().rates().get("alpha").curves().get(INT_SUM);
      assertEquals(321.5, cached.gbps(), 1e-9);
      Rates fresh = prims.costModel().calibrate(List.of(INT_SUM)).get("alpha");
      assertNotEquals(cached, fresh.curves().get(INT_SUM));
      assertNull(CostModelCache.invalidity(fresh), "" + fresh);
      assertEquals(fresh, prims.costModel().rates().get("alpha"));
      assertEquals(fresh, new CostModelCache(cache).load().get("alpha|alpha-device").rates());
    }
  }
}
