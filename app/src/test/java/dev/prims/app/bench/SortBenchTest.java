package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prims.app.Cli;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sort rows of {@code prims bench}: named on their own, host mode only, beside the JDK. */
class SortBenchTest {
  @TempDir Path dir;

  @Test
  void namedOnItsOwnWithoutGpuReferenceYet() {
    assertEquals(List.of(Operation.SORT), Operation.parseList("sort"));
    assertFalse(Operation.parseList("scan").contains(Operation.SORT));
    assertFalse(Operation.SORT.hasCubReference() || Operation.SORT.hasThrustReference());
  }

  @Test
  void cpuRowsBesideArraysParallelSort() throws Exception {
    Path json = dir.resolve("bench.json");
    Cli run =
        Cli.run(
            "bench",
            "--quick",
            "--no-progress",
            "--backends",
            "cpu",
            "--primitives",
            "sort",
            "--json",
            json.toString());
    assertEquals(0, run.exitCode(), run::toString);
    Set<String> seen = new HashSet<>();
    for (JsonNode row : new ObjectMapper().readTree(json.toFile()).get("rows")) {
      assertEquals("sort", row.get("primitive").asText(), row.toString());
      assertEquals("host", row.get("mode").asText(), row.toString());
      assertTrue(row.get("gbps").asDouble() > 0, "GB/s not positive in " + row);
      seen.add(row.get("backend").asText() + " " + row.get("variant").asText());
    }
    assertTrue(seen.contains("jdk clone() + Arrays.parallelSort"), seen.toString());
    assertTrue(seen.stream().anyMatch(s -> s.startsWith("cpu ")), seen.toString());
  }
}
