package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prims.engine.CostModelCache;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configuration given on the command line: bad keys and values are exit 2 with one clear line. */
class ConfigurationCliTest {
  @TempDir Path dir;

  private static void assertBadInput(String text, String... args) {
    RunCommandTest.assertBadInput(text, args);
  }

  @Test
  void aThreadCountBeyondTheLimitNamesTheKeyAndTheLimit() {
    assertBadInput(
        "prims.cpu.threads must be an integer in [1, 32767], got '100000'",
        "run",
        "reduce",
        "--n",
        "1000",
        "--config",
        "prims.cpu.threads=100000",
        "--backend",
        "cpu");
    Cli r = Cli.run("run", "reduce", "--n", "1", "--config", "prims.cpu.threads=32768");
    assertFalse(r.err().contains("null"), r.toString());
  }

  @Test
  void aMisspeltKeyNamesTheNearestKnownKey() {
    assertBadInput(
        "unknown configuration key prims.backnd (did you mean prims.backend?)",
        "run",
        "reduce",
        "--n",
        "10",
        "--config",
        "prims.backnd=cuda");
    assertBadInput(
        "did you mean prims.cpu.threads?",
        "run",
        "reduce",
        "--n",
        "10",
        "--config",
        "prims.cpu.thread=2");
  }

  @Test
  void aDeviceTheCpuDoesNotHaveIsRejected() {
    assertBadInput(
        "prims.device '999' matches no cpu device",
        "run",
        "reduce",
        "--n",
        "10",
        "--backend",
        "cpu",
        "--device",
        "999");
  }

  @Test
  void binsBeyondTheLongestArrayAreBadInput() {
    assertBadInput(
        "bins must be at most 2147483639",
        "run",
        "histogram",
        "--n",
        "10",
        "--bins",
        "2147483647",
        "--backend",
        "cpu");
  }

  @Test
  void calibrateMeasuresAndRewritesTheCache() throws Exception {
    Path cache = dir.resolve("costmodel.json");
    Files.writeString(cache, "{\"format\": 2, \"entries\": {}} poisoned");
    Cli r =
        Cli.run(
            "calibrate",
            "--json",
            "--config",
            "prims.costmodel.cache=" + cache,
            "--config",
            "prims.opencl.platform=no such platform");
    assertEquals(0, r.exitCode(), r.toString());
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertEquals(cache.toString(), report.get("cache").asText());
    JsonNode cpu = report.get("rates").get("cpu");
    assertTrue(cpu.get("deviceGBps").asDouble() > 0, r.out());
    assertTrue(
        new CostModelCache(cache).load().keySet().stream().anyMatch(k -> k.startsWith("cpu|")),
        Files.readString(cache));
  }
}
