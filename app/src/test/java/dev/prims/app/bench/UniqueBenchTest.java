package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prims.DType;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.RunLengthResult;
import dev.prims.app.Cli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The unique and run-length encode rows of {@code prims bench}: named on their own, int and long
 * keys in runs of mean length 4, host and device mode beside the JDK's parallel stream and serial
 * loop, CUB's DeviceSelect::Unique and DeviceRunLengthEncode::Encode on GPUs.
 */
class UniqueBenchTest {
  @TempDir Path dir;

  @Test
  void namedOnTheirOwnWithCubReferences() {
    assertEquals(List.of(Operation.UNIQUE, Operation.RLE), Operation.parseList("unique,rle"));
    assertEquals(List.of(Operation.RLE), Operation.parseList("rle:mean-run-4"));
    assertFalse(Operation.parseList("scan").contains(Operation.UNIQUE));
    assertTrue(Operation.UNIQUE.hasCubReference() && Operation.RLE.hasCubReference());
    assertFalse(Operation.UNIQUE.hasThrustReference() || Operation.RLE.isPlain());
    assertEquals(
        CubArguments.of("cub", "long", 16, 3, "rle"),
        new CubRequest("cub", Operation.RLE, DType.LONG, 16, 3).arguments());
    assertEquals(
        "unique", new CubRequest("cub", Operation.UNIQUE, DType.INT, 16, 3).arguments().get(9));
    assertEquals("DeviceSelect::Unique", BenchRunner.referenceName("cub", Operation.UNIQUE));
    assertEquals("DeviceRunLengthEncode::Encode", BenchRunner.referenceName("cub", Operation.RLE));
    assertTrue(Operation.UNIQUE.takes(DType.LONG) && !Operation.RLE.takes(DType.DOUBLE));
    assertTrue(Operation.REDUCE_SUM.takes(DType.FLOAT));
  }

  @Test
  void aboutAQuarterOfTheKeysStartARun() {
    int n = 1 << 16;
    int[] keys = (int[]) new DataSet(DType.INT, n).runKeys();
    long[] wide = (long[]) new DataSet(DType.LONG, n).runKeys();
    long runs = 1;
    for (int i = 1; i < n; i++) {
      assertEquals(keys[i], wide[i]);
      assertTrue(keys[i] >= 0 && keys[i] < 1000, "key " + keys[i]);
      if (keys[i] != keys[i - 1]) {
        runs++;
      }
    }
    assertEquals(runs, DataSet.runCount(n));
    assertTrue(runs > 0.23 * n && runs < 0.27 * n, runs + " runs in " + n + " keys");
  }

  @Test
  void bytesCountKeysReadAndRunsWritten() {
    long n = 1000;
    long runs = DataSet.runCount(n);
    assertEquals(4.0 * n + 4.0 * runs, Operation.UNIQUE.bytes(DType.INT, n));
    assertEquals(8.0 * n + 16.0 * runs, Operation.RLE.bytes(DType.LONG, n));
  }

  @Test
  void keptCountsEqualTheJdkPeers() {
    try (Prims prims = Prims.create(PrimsConfig.builder().backend("cpu").build())) {
      for (DType type : List.of(DType.INT, DType.LONG)) {
        DataSet data = new DataSet(type, 100_003);
        Object keys = data.runKeys();
        UniqueWorkload.Runs parallel = UniqueWorkload.parallel(keys, false);
        UniqueWorkload.Runs serial = UniqueWorkload.serial(keys, false);
        UniqueWorkload.Runs parallelRle = UniqueWorkload.parallel(keys, true);
        UniqueWorkload.Runs serialRle = UniqueWorkload.serial(keys, true);
        long expected = DataSet.runCount(data.n());
        for (UniqueWorkload.Runs r : List.of(parallel, serial, parallelRle, serialRle)) {
          assertEquals(expected, r.count(), type + " peer count");
        }
        assertArrayEquals(serialRle.lengths(), parallelRle.lengths());
        RunLengthResult<?> encoded;
        if (keys instanceof int[] a) {
          assertEquals(expected, prims.unique(a).kept());
          assertArrayEquals((int[]) serial.values(), prims.unique(a).values());
          assertArrayEquals((int[]) parallel.values(), (int[]) serialRle.values());
          encoded = prims.runLengthEncode(a);
        } else {
          long[] a = (long[]) keys;
          assertEquals(expected, prims.unique(a).kept());
          assertArrayEquals((long[]) serial.values(), prims.unique(a).values());
          assertArrayEquals((long[]) parallel.values(), (long[]) serialRle.values());
          encoded = prims.runLengthEncode(a);
        }
        assertEquals(expected, encoded.runs());
        assertArrayEquals(serialRle.lengths(), encoded.lengths());
      }
    }
  }

  @Test
  void cpuRowsBesideTheJdkWithFloatSkipped() throws Exception {
    JsonNode rows = Cli.quickCpuBenchRows(dir, "unique,rle"); // --quick: int and float
    JsonNode report = new ObjectMapper().readTree(dir.resolve("bench.json").toFile());
    Map<String, String> peerOf = new HashMap<>();
    List<String> jdk = new ArrayList<>();
    for (JsonNode row : rows) {
      assertTrue(row.get("gbps").asDouble() > 0, "GB/s not positive in " + row);
      assertEquals("int", row.get("type").asText(), row.toString());
      assertEquals("mean-run-4", row.get("op").asText(), row.toString());
      String primitive = row.get("primitive").asText();
      if (row.get("backend").asText().equals("jdk")) {
        jdk.add(primitive + " " + row.get("type").asText() + " " + row.get("variant").asText());
      } else if (row.get("backend").asText().equals("cpu")) {
        peerOf.put(
            primitive + " " + row.get("type").asText() + " " + row.get("mode").asText(),
            row.get("peer").asText());
      }
    }
    for (String mode : List.of("host", "device")) {
      assertEquals("parallel stream filter", peerOf.get("unique int " + mode));
      assertEquals("parallel stream of run starts", peerOf.get("rle int " + mode));
    }
    assertTrue(jdk.contains("unique int serial loop"), jdk.toString());
    assertTrue(jdk.contains("rle int serial loop"), jdk.toString());
    List<String> notes = new ArrayList<>();
    report.get("notes").forEach(n -> notes.add(n.asText()));
    assertTrue(
        notes.contains("unique takes int or long keys (compared by ==): float skipped"),
        notes.toString());
    assertTrue(notes.stream().noneMatch(n -> n.contains("failed")), notes.toString());
  }

  @Test
  void onlyFloatingTypesIsBadInput() {
    Cli run =
        Cli.run(
            "bench",
            "--no-progress",
            "--backends",
            "cpu",
            "--primitives",
            "reduce:sum,rle",
            "--types",
            "float,double",
            "--sizes",
            "2^10");
    assertEquals(2, run.exitCode(), run::toString);
    assertEquals(1, run.errLines(), run::toString);
    assertTrue(
        run.err()
            .contains(
                "--primitives rle takes int or long keys (compared by ==), but --types names only"
                    + " float,double"),
        run::toString);
  }

  @Test
  void aWrongRunCountIsRefusedBeforeTiming() {
    DataSet data = new DataSet(DType.INT, 4096);
    try (Prims prims = Prims.create(PrimsConfig.builder().backend("cpu").build())) {
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class,
              () -> UniqueWorkload.requireRuns(Operation.UNIQUE, data, DataSet.runCount(4096) + 1));
      assertTrue(e.getMessage().contains("runs where the keys have"), e.getMessage());
      // the real calls pass the same check when their runnables are made
      UniqueWorkload.hostCall(prims, Operation.RLE, data).run();
      List<dev.prims.DeviceBuffer> buffers = new ArrayList<>();
      try {
        UniqueWorkload.deviceCall(prims, Operation.UNIQUE, data, buffers).run();
      } finally {
        buffers.forEach(dev.prims.DeviceBuffer::close);
      }
    }
  }
}
