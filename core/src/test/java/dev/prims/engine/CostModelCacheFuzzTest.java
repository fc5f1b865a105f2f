package dev.prims.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.prims.engine.CostModel.Rates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fuzz targets for the cost-model cache loader: any bytes load as a set of physical entries (or
 * none), never an exception; what is saved loads back unchanged.
 */
class CostModelCacheFuzzTest {
  @FuzzTest
  @DictionaryEntries({
    "{\"format\": 3, \"entries\": {",
    "\"format\"",
    "\"entries\"",
    "\"prims\"",
    "\"driver\"",
    "\"workloads\"",
    "\"reduce.int.host\"",
    "\"histogram.float.device\"",
    "[[4096, 1.5], [65536, 20]]",
    "\"cpu|device\"",
    "1e-3",
    "1e5",
    "1e6",
    "NaN"
  })
  void anyBytesLoadAsPhysicalEntriesOrNone(byte[] json) {
    Map<String, CostModelCache.Entry> entries = CostModelCache.parse(json, "fuzzed");
    for (Map.Entry<String, CostModelCache.Entry> e : entries.entrySet()) {
      Rates r = e.getValue().rates();
      assertNull(CostModelCache.invalidity(r), e.getKey());
      assertEquals(e.getKey(), CostModelCache.key(r));
    }
  }

  @FuzzTest
  void savedEntriesLoadBackUnchanged(FuzzedDataProvider data) throws Exception {
    Map<String, CostModelCache.Entry> entries = new LinkedHashMap<>();
    int count = data.consumeInt(0, 4);
    for (int i = 0; i < count; i++) {
      Map<Workload, CostCurve> curves = new LinkedHashMap<>();
      int workloads = data.consumeInt(0, 3);
      for (int w = 0; w < workloads; w++) {
        List<CostCurve.Point> points = new ArrayList<>();
        int n = data.consumeInt(0, 4);
        for (int k = 0; k < n; k++) {
          points.add(new CostCurve.Point(data.consumeLong(), data.consumeDouble()));
        }
        curves.put(
            Workload.all().get(data.consumeInt(0, Workload.all().size() - 1)),
            new CostCurve(points));
      }
      Rates r =
          new Rates("b" + data.consumeString(8).replace("|", ""), data.consumeString(30), curves);
      if (CostModelCache.invalidity(r) == null) {
        entries.put(
            CostModelCache.key(r),
            new CostModelCache.Entry(r, data.consumeString(10), data.consumeString(10)));
      }
    }
    Path dir = Files.createTempDirectory("prims-costmodel-fuzz");
    try {
      CostModelCache cache = new CostModelCache(dir.resolve("costmodel.json"));
      cache.save(entries);
      assertEquals(entries, cache.load());
    } finally {
      Files.deleteIfExists(dir.resolve("costmodel.json"));
      Files.delete(dir);
    }
  }
}
