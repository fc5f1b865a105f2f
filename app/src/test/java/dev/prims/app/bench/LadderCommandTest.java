package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.app.Cli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prims ladder} on the CPU backend, and on OpenCL where a device is present. */
class LadderCommandTest {
  @TempDir Path dir;

  @Test
  void climbsEveryVariantAndChecksTheAnswers() throws Exception {
    List<String> backends = new ArrayList<>(List.of("cpu"));
    try (Prims prims = Prims.create()) {
      if (prims.backends().get("opencl") != null && prims.backends().get("opencl").available()) {
        backends.add("opencl");
      }
    }
    Path json = dir.resolve("ladder.json");
    Cli run =
        Cli.run(
            "ladder",
            "--quick",
            "--n",
            "2^16",
            "--backends",
            String.join(",", backends),
            "--json",
            json.toString());
    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(run.out().contains("reduce ladder, 2^16 ints"), run::toString);
    assertTrue(run.out().contains("no GPU among the backends") || backends.size() > 1);

    JsonNode rows = new ObjectMapper().readTree(json.toFile()).get("rows");
    int expected = 0;
    try (Prims prims = Prims.create()) {
      for (String id : backends) {
        for (Primitive p : List.of(Primitive.REDUCE, Primitive.SCAN, Primitive.HISTOGRAM)) {
          expected += prims.backend(id).primaryBackend().variants(p).size();
        }
      }
    }
    assertEquals(expected, rows.size(), "one row per variant: " + run);
    for (JsonNode row : rows) {
      assertEquals("ok", row.get("check").asText(), row.toString());
      assertTrue(row.get("gbps").asDouble() > 0, row.toString());
      assertEquals(1 << 16, row.get("n").asInt());
    }
  }

  @Test
  void ordersVariantsAsHarrisDid() {
    assertEquals(
        List.of("interleaved-divergent", "sequential", "multi-element", "shuffle", "blocked"),
        HarrisFigures.ladderOrder(
            Primitive.REDUCE,
            List.of("shuffle", "blocked", "multi-element", "interleaved-divergent", "sequential")));
    assertEquals(8.054, HarrisFigures.G80_MS.get("interleaved-divergent"));
    assertEquals(0.268, HarrisFigures.G80_MS.get("multi-element"));
  }

  @Test
  void rejectsAnUnknownLadder() {
    Cli run = Cli.run("ladder", "--primitives", "dot");
    assertEquals(2, run.exitCode(), run::toString);
    assertTrue(run.err().contains("unknown ladder 'dot'"), run::toString);
  }
}
