package dev.prims.app.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prims.app.Cli;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A run of {@code prims conformance --backends cpu} in this JVM and the JSON report it wrote. */
record CpuConformance(Cli cli, JsonNode report) {
  /**
   * Runs {@code prims conformance --backends cpu OPTIONS --json} with the report in {@code dir} and
   * checks that it exits 0.
   */
  static CpuConformance run(Path dir, String... options) throws IOException {
    Path json = dir.resolve("conformance.json");
    List<String> args = new ArrayList<>(List.of("conformance", "--backends", "cpu"));
    args.addAll(List.of(options));
    args.addAll(List.of("--json", json.toString()));
    Cli r = Cli.run(args.toArray(String[]::new));
    assertEquals(0, r.exitCode(), r::toString);
    return new CpuConformance(r, new ObjectMapper().readTree(json.toFile()));
  }
}
