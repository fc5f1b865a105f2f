package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.DType;
import dev.prims.app.Cli;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The segmented rows of {@code prims bench}: names, bytes, CUB arguments, and a cpu run. */
class SegmentBenchTest {
  @TempDir Path dir;

  @Test
  void parsesTheSegmentedFamiliesApartFromThePrimitives() {
    assertEquals(
        List.of(
            Operation.SEGMENTED_SUM_64,
            Operation.SEGMENTED_SUM_4096,
            Operation.SEGMENTED_ARGMAX_64,
            Operation.REDUCE_BY_KEY_64,
            Operation.SCAN_BY_KEY_64),
        Operation.parseList("segreduce,reduce-by-key,scan-by-key"));
    assertEquals(List.of(Operation.SEGMENTED_SUM_4096), Operation.parseList("segreduce:sum-4096"));
    assertEquals(
        List.of(Operation.SEGMENTED_ARGMAX_64), Operation.parseList("segreduce:argmax-64"));
    assertEquals(
        List.of(Operation.REDUCE_SUM, Operation.REDUCE_MIN, Operation.REDUCE_MAX),
        Operation.parseList("reduce"),
        "reduce alone does not take the segmented rows in");
  }

  @Test
  void countsKeysBesideValues() {
    assertEquals(4.0 * 100, Operation.SEGMENTED_SUM_64.bytes(DType.FLOAT, 100));
    assertEquals(8.0 * 100, Operation.SEGMENTED_ARGMAX_64.bytes(DType.DOUBLE, 100));
    assertEquals(4.0 * 100 + 4.0 * 100, Operation.REDUCE_BY_KEY_64.bytes(DType.FLOAT, 100));
    assertEquals(2 * 8.0 * 100 + 4.0 * 100, Operation.SCAN_BY_KEY_64.bytes(DType.DOUBLE, 100));
  }

  @Test
  void asksCubForItsSegmentedCalls() {
    List<String> args =
        new CubRequest("cub", Operation.SEGMENTED_SUM_4096, DType.FLOAT, 1 << 20, 5).arguments();
    String joined = String.join(" ", args);
    assertTrue(joined.contains("--primitive segreduce --op sum --segment 4096"), joined);
    String arg =
        String.join(
            " ",
            new CubRequest("cub", Operation.SEGMENTED_ARGMAX_64, DType.FLOAT, 1 << 20, 5)
                .arguments());
    assertTrue(arg.contains("--primitive segreduce --op argmax --segment 64"), arg);
    assertEquals(
        "DeviceSegmentedReduce::ArgMax",
        BenchRunner.referenceName("cub", Operation.SEGMENTED_ARGMAX_64));
    assertEquals(
        "DeviceScan::InclusiveSumByKey",
        BenchRunner.referenceName("cub", Operation.SCAN_BY_KEY_64));
    assertTrue(
        !Operation.REDUCE_BY_KEY_64.hasThrustReference()
            && Operation.REDUCE_SUM.hasThrustReference());
  }

  @Test
  void cpuRowsBesideThePlainSum() throws Exception {
    Set<String> ops = new HashSet<>();
    for (JsonNode row :
        Cli.quickCpuBenchRows(dir, "reduce:sum,segreduce,reduce-by-key,scan-by-key")) {
      if (row.get("backend").asText().equals("cpu")) {
        assertTrue(row.get("gbps").asDouble() > 0, "GB/s not positive in " + row);
        ops.add(row.get("primitive").asText() + ":" + row.get("op").asText());
        if (row.get("op").asText().startsWith("argmax")) {
          assertEquals("segmented-arg-flat", row.get("variant").asText(), row.toString());
        } else if (!row.get("primitive").asText().equals("reduce")) {
          assertEquals("segmented-flat", row.get("variant").asText(), row.toString());
        }
      }
    }
    assertEquals(
        Set.of(
            "reduce:sum",
            "segreduce:sum-64",
            "segreduce:sum-4096",
            "segreduce:argmax-64",
            "reduce-by-key:sum-64",
            "scan-by-key:inclusive-sum-64"),
        ops);
  }
}
