package dev.prims.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.SegmentResult;
import dev.prims.SelectResult;
import dev.prims.engine.PacedProvider.Pace;
import dev.prims.spi.BackendProvider;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost model measures each workload (primitive, type, host or device) on each backend and ranks
 * them per workload: backends paced on a fake clock stand in for a CPU that is fast at sums and
 * slow at float histograms, and a GPU with a large per-call overhead.
 */
class CostModelWorkloadTest {
  @TempDir Path dir;

  private final AtomicLong clock = new AtomicLong();

  /** 1 us per call and 10 GB/s, but float histograms of host arrays at 1 GB/s. */
  private PacedProvider cpu() {
    return new PacedProvider("host", 1, clock, new Pace(1_000, 0.1), new Pace(1_000, 0.1))
        .floatingHost(Primitive.HISTOGRAM, new Pace(1_000, 1.0));
  }

  /** 30 us per call and 5 GB/s on host arrays; 5 us and 1000 GB/s on its buffers. */
  private PacedProvider gpu() {
    return new PacedProvider("gpu", 100, clock, new Pace(30_000, 0.2), new Pace(5_000, 0.001));
  }

  private CostModel model(Path cache, PacedProvider... providers) {
    Map<String, BackendProvider> byId = new LinkedHashMap<>();
    for (PacedProvider p : providers) {
      byId.put(p.id(), p);
    }
    BackendRegistry registry =
        new BackendRegistry(byId, ResolvedConfig.resolve(PrimsConfig.builder().build()));
    return new CostModel(registry, cache, new CostProbe(clock::get, 1 << 4, 1 << 8, 1 << 12));
  }

  /** Prims on {@code providers} under {@code auto}, its cost model cached in {@code cache}. */
  private static Prims autoPrims(Path cache, PacedProvider... providers) {
    return Prims.create(
        PrimsConfig.builder().backend("auto").set(CostModel.CACHE_KEY, cache.toString()).build(),
        List.of(providers));
  }

  private static String first(CostModel model, Primitive p, DType type, long n) {
    return model.rank(p, type, Workload.of(p, type, true).bytes(n)).ranking().get(0).backend();
  }

  @Test
  void eachPrimitiveAndTypeGoesWhereItsOwnCurveIsCheapest() {
    CostModel model = model(dir.resolve("costmodel.json"), cpu(), gpu());
    long big = 1 << 20;
    assertEquals("host", first(model, Primitive.REDUCE, DType.FLOAT, big));
    assertEquals("host", first(model, Primitive.HISTOGRAM, DType.INT, big));
    assertEquals("gpu", first(model, Primitive.HISTOGRAM, DType.FLOAT, big));
    assertEquals("gpu", first(model, Primitive.HISTOGRAM, DType.DOUBLE, big));
    // 1000 elements: the gpu's 30 us per call outweighs the cpu's slow float histogram
    assertEquals("host", first(model, Primitive.HISTOGRAM, DType.FLOAT, 1000));
    assertEquals("host", first(model, Primitive.SCAN, DType.INT, 1000));
    assertEquals("host", first(model, Primitive.DOT, DType.DOUBLE, big));
  }

  @Test
  void sortsGoWhereSortsAreCheapestNotWhereScansAre() {
    Path cache = dir.resolve("costmodel.json");
    // the cpu scans at 10 GB/s but sorts at 0.1 GB/s; the gpu does both at 5 GB/s on host arrays
    PacedProvider cpu = cpu().sorts(new Pace(1_000, 10.0));
    PacedProvider gpu = gpu();
    CostModel model = model(cache, cpu, gpu);
    long big = 1 << 20;
    assertEquals("host", first(model, Primitive.SCAN, DType.INT, big));
    Workload sort = Workload.of(Workload.Kind.SORT, DType.INT, true);
    CostModel.Choice choice = model.rank(sort, sort.bytes(big));
    assertEquals("gpu", choice.ranking().get(0).backend());
    assertTrue(choice.note().endsWith(" of sort.int.host"), choice.note());
    try (Prims prims = autoPrims(cache, cpu().sorts(new Pace(1_000, 10.0)), gpu())) {
      int[] keys = {3, 1, 2};
      int[] many = new int[1 << 20];
      many[0] = 1;
      assertEquals("gpu", prims.sortInPlace(many, dev.prims.SortOrder.ASCENDING).backend());
      assertEquals(1, many[many.length - 1]);
      // three keys: the gpu's 30 us per call outweighs the cpu's slow sort
      assertEquals("host", prims.sort(keys).provenance().backend());
      assertArrayEquals(new int[] {3, 1, 2}, keys);
    }
  }

  @Test
  void selectsGoWhereSelectsAreCheapestNotWhereScansAre() {
    Path cache = dir.resolve("costmodel.json");
    // measured on the fake clock into the cache the engine below reads: the cpu scans at 10 GB/s
    // but selects at 0.1 GB/s; the gpu does both at 5 GB/s on host arrays
    Workload select = Workload.of(Workload.Kind.SELECT, DType.FLOAT, true);
    model(cache, cpu().selects(new Pace(1_000, 10.0)), gpu()).rates(List.of(select));
    assertEquals("host", first(model(cache, cpu(), gpu()), Primitive.SCAN, DType.FLOAT, 1 << 20));
    try (Prims prims = autoPrims(cache, cpu(), gpu())) {
      float[] many = new float[1 << 20];
      SelectResult<float[]> kept = prims.select(many, dev.prims.Predicate.atLeast(0.0));
      assertEquals("gpu", kept.provenance().backend());
      assertTrue(
          kept.provenance().note().endsWith(" of select.float.host"), kept.provenance().note());
      // a hundred values: the gpu's 30 us per call outweighs the cpu's slow select
      assertEquals(
          "host",
          prims.select(new float[100], dev.prims.Predicate.notNaN()).provenance().backend());
    }
  }

  @Test
  void segmentedCallsOfHostArraysGoWhereReducesOfTheirTypeAreCheapest() {
    Path cache = dir.resolve("costmodel.json");
    // the cpu reduces ints at 10 GB/s but floats at 0.1 GB/s; the gpu both at 5 GB/s on host arrays
    PacedProvider slowFloats = cpu().floatingHost(Primitive.REDUCE, new Pace(1_000, 10.0));
    model(cache, slowFloats, gpu())
        .calibrate(
            List.of(
                Workload.of(Primitive.REDUCE, DType.FLOAT, true),
                Workload.of(Primitive.REDUCE, DType.INT, true)));
    try (Prims prims =
        autoPrims(cache, cpu().floatingHost(Primitive.REDUCE, new Pace(1_000, 10.0)), gpu())) {
      int n = 1 << 20;
      int[] offsets = {0, n / 2, n};
      float[] floats = new float[n];
      floats[n - 1] = 2f;
      SegmentResult<float[]> f = prims.segments(offsets).reduce(floats, ReduceOp.SUM);
      assertEquals("gpu", f.provenance().backend());
      assertTrue(f.provenance().note().endsWith(" of reduce.float.host"), f.provenance().note());
      assertArrayEquals(new float[] {0f, 2f}, f.values());
      SegmentResult<int[]> i = prims.segments(offsets).reduce(new int[n], ReduceOp.SUM);
      assertEquals("host", i.provenance().backend());
      assertTrue(i.provenance().note().endsWith(" of reduce.int.host"), i.provenance().note());
    }
  }

  @Test
  void curvesHoldTheMeasuredOverheadAndRate() {
    CostModel model = model(dir.resolve("costmodel.json"), cpu(), gpu());
    Workload floatHistogram = Workload.of(Primitive.HISTOGRAM, DType.FLOAT, true);
    Map<String, CostModel.Rates> rates = model.rates(List.of(floatHistogram));
    CostCurve host = rates.get("host").curves().get(floatHistogram);
    assertEquals(1.0, host.fixedMicros(), 0.01);
    assertEquals(1.0, host.gbps(), 0.01);
    CostCurve gpu = rates.get("gpu").curves().get(floatHistogram);
    assertEquals(30.0, gpu.fixedMicros(), 0.01);
    assertEquals(5.0, gpu.gbps(), 0.01);
    // 1 MB: 1 + 1000 us on the host, 30 + 200 us on the gpu
    assertEquals(1.001, host.estimateMillis(1_000_000), 1e-5);
    assertEquals(0.230, gpu.estimateMillis(1_000_000), 1e-5);
    assertNull(host.invalidity());
    assertEquals(List.of(floatHistogram), List.copyOf(rates.get("gpu").curves().keySet()));
  }

  @Test
  void aBackendIsMeasuredOnceItsCodeIsWarm() {
    // the cpu's first 20 calls run at half speed, as the JIT's first code did (a fixed few calls
    // of 2^22 floats measured only those)
    CostCurve curve = floatSumOfAWarmingCpu(20);
    assertEquals(10.0, curve.gbps(), 0.1);
    assertEquals(1.0, curve.fixedMicros(), 0.05);
  }

  @Test
  void theLargestSizeIsTimedAgainOnceTheSmallCallsHaveWarmedTheCode() {
    // the first 30 calls at half speed outlast the first point's calls (about 25 at the largest
    // size, which then settles at the slow pace): only the second pass times it warm
    assertEquals(10.0, floatSumOfAWarmingCpu(30).gbps(), 0.1);
  }

  /**
   * The float-sum curve of the test cpu with its first {@code slowCalls} calls at half speed,
   * probed at 2^10, 2^16 and 2^22 elements.
   */
  private CostCurve floatSumOfAWarmingCpu(int slowCalls) {
    PacedProvider warming = cpu().warming(slowCalls, 2.0);
    Map<String, BackendProvider> byId = Map.of(warming.id(), warming);
    BackendRegistry registry =
        new BackendRegistry(byId, ResolvedConfig.resolve(PrimsConfig.builder().build()));
    CostModel model =
        new CostModel(
            registry,
            dir.resolve("costmodel.json"),
            new CostProbe(clock::get, 1 << 10, 1 << 16, 1 << 22));
    Workload sum = Workload.of(Primitive.REDUCE, DType.FLOAT, true);
    return model.rates(List.of(sum)).get("host").curves().get(sum);
  }

  @Test
  void deviceModeIsMeasuredOnBuffers() {
    CostModel model = model(dir.resolve("costmodel.json"), cpu(), gpu());
    Workload onBuffers = Workload.of(Primitive.SCAN, DType.LONG, false);
    CostModel.Choice choice = model.rank(onBuffers, onBuffers.bytes(1 << 20));
    assertEquals("gpu", choice.ranking().get(0).backend());
    CostCurve gpu = model.rates().get("gpu").curves().get(onBuffers);
    assertEquals(5.0, gpu.fixedMicros(), 0.01);
    assertEquals(1000.0, gpu.gbps(), 20.0);
    assertTrue(choice.note().endsWith(" of scan.long.device"), choice.note());
  }

  @Test
  void measuredCurvesAreCachedAndNotMeasuredAgain() {
    Path cache = dir.resolve("costmodel.json");
    CostModel first = model(cache, cpu(), gpu());
    first.rank(Primitive.HISTOGRAM, DType.FLOAT, 4096);
    long afterMeasuring = clock.get();
    CostModel second = model(cache, cpu(), gpu());
    assertEquals("host", second.rank(Primitive.HISTOGRAM, DType.FLOAT, 4096).order().get(0));
    assertEquals(afterMeasuring, clock.get(), "a cached workload is not measured again");
    assertEquals(first.rates(), second.rates());
    second.rank(Primitive.REDUCE, DType.INT, 4096);
    assertTrue(clock.get() > afterMeasuring, "a workload not in the cache is measured");
  }

  @Test
  void autoCallsRunWherePrimitiveAndTypeAreCheapest() {
    Path cache = dir.resolve("costmodel.json");
    model(cache, cpu(), gpu())
        .calibrate(
            List.of(
                Workload.of(Primitive.HISTOGRAM, DType.FLOAT, true),
                Workload.of(Primitive.HISTOGRAM, DType.INT, true),
                Workload.of(Primitive.REDUCE, DType.FLOAT, true),
                Workload.of(Primitive.SCAN, DType.FLOAT, true)));
    PacedProvider cpu = cpu();
    PacedProvider gpu = gpu();
    try (Prims prims = autoPrims(cache, cpu, gpu)) {
      long before = clock.get();
      float[] values = new float[1 << 18];
      values[3] = 0.5f;
      HistogramResult floats = prims.histogram(values, HistogramSpec.even(4, 0, 1));
      assertEquals("gpu", floats.provenance().backend());
      assertEquals(values.length - 1, floats.counts()[0]);
      assertTrue(
          floats.provenance().note().startsWith("auto: gpu, est "), floats.provenance().note());
      assertTrue(floats.provenance().note().contains(" vs host "), floats.provenance().note());

      int[] keys = new int[1 << 18];
      assertEquals("host", prims.histogram(keys, 4).provenance().backend());
      assertEquals("host", prims.reduce(values, ReduceOp.SUM).provenance().backend());
      assertEquals(
          "host",
          prims.scan(new float[1000], ReduceOp.SUM, ScanKind.INCLUSIVE).provenance().backend());
      assertTrue(clock.get() > before, "the calls ran on the paced backends");
    }
  }
}
