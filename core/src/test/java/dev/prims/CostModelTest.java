package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.FakeProvider.Mode;
import dev.prims.engine.CostModel;
import dev.prims.engine.CostModel.Rates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CostModelTest {
  @TempDir Path dir;

  /**
   * gpu: 100 GB/s transfers, 1000 GB/s device, 10 us launches; host: no transfer, 20 GB/s, 1 us.
   * The gpu wins above about 230 kB.
   */
  private Path cacheWithGpuAndHost() throws Exception {
    Path cache = dir.resolve("costmodel.json");
    Files.writeString(
        cache,
        "{\n"
            + "  \"gpu|gpu-device\": {\"hostToDeviceGBps\": 100, \"deviceGBps\": 1000,"
            + " \"launchMicros\": 10},\n"
            + "  \"host|host-device\": {\"hostToDeviceGBps\": 1e6, \"deviceGBps\": 20,"
            + " \"launchMicros\": 1}\n"
            + "}\n");
    return cache;
  }

  private static Prims auto(Path cache, FakeProvider... providers) {
    return Prims.create(
        PrimsConfig.builder().backend("auto").build().with(CostModel.CACHE_KEY, cache.toString()),
        List.of(providers));
  }

  @Test
  void smallArraysStayOnTheHostAndLargeOnesGoToTheDeviceSayingWhy() throws Exception {
    FakeProvider gpu = new FakeProvider("gpu", 100, Mode.WORKS);
    FakeProvider host = new FakeProvider("host", 1, Mode.WORKS);
    try (Prims prims = auto(cacheWithGpuAndHost(), gpu, host)) {
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
  void estimatesFollowTheFormula() throws Exception {
    try (Prims prims =
        auto(
            cacheWithGpuAndHost(),
            new FakeProvider("gpu", 100, Mode.WORKS),
            new FakeProvider("host", 1, Mode.WORKS))) {
      Map<String, Rates> rates = prims.costModel().rates();
      Rates gpu = rates.get("gpu");
      assertEquals(100, gpu.hostToDeviceGBps());
      assertEquals("gpu-device", gpu.device());
      // 1e9 bytes: 10 ms transfer + 1 ms device + 0.01 ms launch
      assertEquals(11.01, gpu.estimateMillis(1_000_000_000L, true), 1e-9);
      assertEquals(1.01, gpu.estimateMillis(1_000_000_000L, false), 1e-9);
      CostModel.Choice choice = prims.costModel().rank(4_000_000);
      assertEquals("gpu", choice.ranking().get(0).backend());
      assertEquals("host", choice.ranking().get(1).backend());
    }
  }

  @Test
  void unmeasuredBackendsAreMeasuredOnceAndCached() throws Exception {
    Path cache = dir.resolve("sub").resolve("costmodel.json");
    FakeProvider alpha = new FakeProvider("alpha", 1, Mode.WORKS);
    try (Prims prims = auto(cache, alpha)) {
      Scalar s = prims.reduce(new int[] {2, 3}, ReduceOp.SUM);
      assertEquals(5, s.asInt());
      assertTrue(s.provenance().note().startsWith("auto: alpha, est "), s.provenance().note());
      Rates r = prims.costModel().rates().get("alpha");
      assertTrue(r.deviceGBps() > 0 && r.hostToDeviceGBps() > 0 && r.launchMicros() >= 0, "" + r);
    }
    String written = Files.readString(cache);
    assertTrue(written.contains("\"alpha|alpha-device\": {\"hostToDeviceGBps\": "), written);
    try (Prims again = auto(cache, new FakeProvider("alpha", 1, Mode.WORKS))) {
      Rates r = again.costModel().rates().get("alpha");
      assertEquals(
          Double.parseDouble(written.replaceAll("(?s).*\"deviceGBps\": ([-0-9.eE+]+).*", "$1")),
          r.deviceGBps());
    }
  }

  @Test
  void unavailableOrUnmeasurableBackendsAreNeverChosen() throws Exception {
    FakeProvider gone = new FakeProvider("gone", 100, Mode.UNAVAILABLE);
    FakeProvider broken = new FakeProvider("broken", 50, Mode.THROWS_RUNTIME);
    FakeProvider host = new FakeProvider("host", 1, Mode.WORKS);
    try (Prims prims = auto(cacheWithGpuAndHost(), gone, broken, host)) {
      Scalar s = prims.reduce(new int[1 << 20], ReduceOp.SUM);
      assertEquals("host", s.provenance().backend());
      assertFalse(prims.costModel().rates().containsKey("gone"));
      assertFalse(prims.costModel().rates().containsKey("broken"));
    }
  }
}
