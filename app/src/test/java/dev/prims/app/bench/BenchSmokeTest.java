package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prims.app.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prims bench --quick} in this JVM: rows, peers and all three files (no speed checks). */
class BenchSmokeTest {
  @TempDir Path dir;

  @Test
  void quickBenchWritesRowsAndFiles() throws Exception {
    Path json = dir.resolve("bench.json");
    Path csv = dir.resolve("out/bench.csv");
    Path png = dir.resolve("bench.png");
    Cli run =
        Cli.run(
            "bench",
            "--quick",
            "--no-progress",
            "--json",
            json.toString(),
            "--csv",
            csv.toString(),
            "--plot",
            png.toString());
    assertEquals(0, run.exitCode(), run::toString);

    JsonNode report = new ObjectMapper().readTree(json.toFile());
    JsonNode rows = report.get("rows");
    assertTrue(rows.size() > 0, "no rows: " + run);
    Set<String> backends = new HashSet<>();
    Set<String> ops = new HashSet<>();
    for (JsonNode row : rows) {
      assertTrue(row.get("gbps").asDouble() > 0, "GB/s not positive in " + row);
      assertTrue(row.get("best_ms").asDouble() > 0, "time not positive in " + row);
      assertTrue(
          row.get("median_ms").asDouble() >= row.get("best_ms").asDouble(),
          "median below best in " + row);
      backends.add(row.get("backend").asText());
      ops.add(row.get("primitive").asText() + ":" + row.get("op").asText());
    }
    assertTrue(backends.contains("cpu"), "the cpu backend is always measured: " + backends);
    assertTrue(backends.contains("jdk"), "JDK peers run beside a CPU device: " + backends);
    assertEquals(
        Set.of(
            "reduce:sum",
            "reduce:min",
            "reduce:max",
            "scan:inclusive-sum",
            "scan:exclusive-sum",
            "histogram:256-bins",
            "dot:sum"),
        ops);
    JsonNode cpuIntSum = find(rows, "cpu", "reduce", "sum", "int", "device");
    assertEquals("IntStream.parallel().sum()", cpuIntSum.get("peer").asText());
    assertTrue(cpuIntSum.get("peer_ratio").asDouble() > 0);
    assertTrue(cpuIntSum.get("pct_copy_bw").asDouble() > 0);
    assertTrue(report.get("copy_bandwidth").size() > 0);
    String[][] scanPeers = {
      {
        "device",
        "Arrays.parallelPrefix in place",
        "a scan into a buffer compares with the in-place JDK scan"
      },
      {
        "host",
        "clone() + Arrays.parallelPrefix",
        "a scan returning a new array compares with the JDK's copy then scan"
      },
      {
        "host-into",
        "System.arraycopy() + Arrays.parallelPrefix",
        "a scan into the caller's array compares with the JDK's copy into it then scan"
      },
      {
        "host-inplace",
        "Arrays.parallelPrefix in place",
        "a scan in place compares with the in-place JDK scan"
      }
    };
    for (String[] modePeerWhy : scanPeers) {
      assertEquals(
          modePeerWhy[1],
          find(rows, "cpu", "scan", "inclusive-sum", "int", modePeerWhy[0]).get("peer").asText(),
          modePeerWhy[2]);
    }

    if (report.get("devices").size() > 1) {
      JsonNode auto = find(rows, "auto", "reduce", "sum", "int", "host");
      String chosen = auto.get("device").asText();
      assertTrue(
          backends.stream().anyMatch(b -> chosen.startsWith(b + ": ")),
          "the auto row names the backend it chose: " + auto);
      assertTrue(auto.get("peer").asText().endsWith("(host)"), "compared with a host row: " + auto);
      assertTrue(auto.get("peer_ratio").asDouble() > 0, auto.toString());
    }

    List<String> lines = Files.readAllLines(csv);
    assertEquals(String.join(",", BenchFiles.COLUMNS), lines.get(0));
    assertEquals(rows.size() + 1, lines.size());

    var image = ImageIO.read(png.toFile());
    assertTrue(image.getWidth() > 0 && image.getHeight() > 0, "PNG not readable");

    assertTrue(run.out().contains("IntStream.parallel().sum()"), "table lacks the peer row");
  }

  @Test
  void badSizesAreBadInput() {
    Cli run = Cli.run("bench", "--sizes", "2^x", "--no-progress");
    assertEquals(2, run.exitCode(), run::toString);
    assertTrue(run.err().contains("cannot read size '2^x'"), run::toString);
  }

  @Test
  void unknownBackendIsBadInputNamingTheKnownOnes() {
    Cli run = Cli.run("bench", "--backends", "nope", "--quick", "--no-progress", "--sizes", "2^10");
    assertEquals(2, run.exitCode(), run::toString);
    assertTrue(run.err().contains("unknown backend 'nope'"), run::toString);
    assertTrue(run.err().contains("cpu"), run::toString);
  }

  private static JsonNode find(
      JsonNode rows, String backend, String primitive, String op, String type, String mode) {
    for (JsonNode row : rows) {
      if (row.get("backend").asText().equals(backend)
          && row.get("primitive").asText().equals(primitive)
          && row.get("op").asText().equals(op)
          && row.get("type").asText().equals(type)
          && row.get("mode").asText().equals(mode)) {
        return row;
      }
    }
    throw new AssertionError("no row " + backend + " " + primitive + " " + op + " " + type);
  }
}
