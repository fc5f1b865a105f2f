package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --json [FILE]} means the same in every command. */
class JsonOptionTest {
  @TempDir Path dir;

  @Test
  void withoutAFileTheJsonReplacesTheText() throws Exception {
    Cli r = Cli.run("run", "reduce", "--n", "2^10", "--type", "int", "--backend", "cpu", "--json");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertEquals(1024, report.get("n").asInt());
  }

  @Test
  void withAFileTheJsonGoesThereAndTheTextIsPrinted() throws Exception {
    Path file = dir.resolve("sub").resolve("run.json");
    Cli r =
        Cli.run(
            "run",
            "reduce",
            "--n",
            "16K",
            "--type",
            "int",
            "--backend",
            "cpu",
            "--json",
            file.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertFalse(r.out().startsWith("{"), r.out());
    assertTrue(r.out().contains("16384"), r.out());
    assertEquals(16384, new ObjectMapper().readTree(Files.readString(file)).get("n").asInt());

    Path info = dir.resolve("info.json");
    Cli i = Cli.run("info", "--json", info.toString());
    assertEquals(0, i.exitCode(), i.err());
    assertTrue(new ObjectMapper().readTree(Files.readString(info)).has("backends"));
  }

  @Test
  void aFileThatCannotBeWrittenIsBadInput() {
    Cli r = Cli.run("info", "--json", dir.toString());
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.err().startsWith("prims: cannot write "), r.err());
  }
}
