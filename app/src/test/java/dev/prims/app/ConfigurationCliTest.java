package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prims.engine.CostModelCache;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
    assertTrue(r.err().startsWith("prims: no configured backend could run (cpu: "), r.toString());
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
  void calibrateRejectsUnknownPrimitivesAndModesInOneLine() {
    Cli p = Cli.run("calibrate", "--primitives", "reduce,partition");
    assertEquals(2, p.exitCode(), p.toString());
    assertTrue(p.err().contains("unknown primitive 'partition'"), p.toString());
    Cli m = Cli.run("calibrate", "--modes", "gpu");
    assertEquals(2, m.exitCode(), m.toString());
    assertTrue(m.err().contains("unknown mode 'gpu'; known: host, device"), m.toString());
  }

  @Test
  void calibrateMeasuresAndRewritesTheCache() throws Exception {
    Path cache = dir.resolve("costmodel.json");
    Files.writeString(cache, "{\"format\": 3, \"entries\": {}} poisoned");
    Path json = dir.resolve("calibration.json");
    Cli r =
        Cli.run(
            "calibrate",
            "--primitives",
            "histogram",
            "--modes",
            "host",
            "--json",
            json.toString(),
            "--config",
            "prims.costmodel.cache=" + cache,
            "--config",
            "prims.opencl.platform=no such platform");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().contains(cache.toString()) && !r.out().startsWith("{"), r.out());
    JsonNode report = new ObjectMapper().readTree(Files.readString(json));
    assertEquals(cache.toString(), report.get("cache").asText());
    JsonNode cpu = report.get("rates").get("cpu").get("workloads");
    assertTrue(cpu.get("histogram.float.host").get("GBps").asDouble() > 0, r.out());
    assertEquals(4, cpu.size(), "histograms of the four types on host arrays: " + cpu);
    assertTrue(
        new CostModelCache(cache).load().keySet().stream().anyMatch(k -> k.startsWith("cpu|")),
        Files.readString(cache));
  }

  /** Runs the CLI in a fresh JVM in {@code workDir}; returns exit code and stderr. */
  private static String[] runJvm(Path workDir, Map<String, String> env, String... args)
      throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path")));
    for (String a : args) {
      if (a.startsWith("-D")) {
        command.add(a);
      }
    }
    command.add(PrimsCli.class.getName());
    for (String a : args) {
      if (!a.startsWith("-D")) {
        command.add(a);
      }
    }
    ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
    pb.environment().putAll(env);
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return new String[] {Integer.toString(p.exitValue()), err};
  }

  @Test
  void aMalformedPropertiesFileIsExitTwoNamingFileAndLine() throws Exception {
    Path file = dir.resolve("prims.properties");
    Files.writeString(file, "prims.backend=cpu\nprims.device=\\u00zz\n");
    String[] r =
        runJvm(
            dir,
            Map.of(),
            "-Dprims.costmodel.cache=" + dir.resolve("c.json"),
            "run",
            "reduce",
            "--n",
            "4");
    assertEquals("2", r[0], r[1]);
    assertEquals(
        "prims: " + file.toRealPath() + ":2: malformed \\uxxxx escape in prims.properties",
        r[1].strip());
  }

  @Test
  void misspeltKeysFromOtherSourcesAreOneWarningEachAndTheRunGoesOn() throws Exception {
    Files.writeString(dir.resolve("prims.properties"), "prims.fallbak=false\n");
    String[] r =
        runJvm(
            dir,
            Map.of("PRIMS_BACKNED", "cuda"),
            "-Dprims.determinsm=fast",
            "run",
            "reduce",
            "--n",
            "4",
            "--backend",
            "cpu");
    assertEquals("0", r[0], r[1]);
    List<String> warnings =
        r[1].lines().filter(l -> l.contains("unknown configuration key")).toList();
    assertEquals(3, warnings.size(), r[1]);
    assertTrue(
        r[1].contains(
            "unknown configuration key prims.backned from environment variable PRIMS_BACKNED (did"
                + " you mean prims.backend?); ignored"),
        r[1]);
    assertTrue(r[1].contains("from system property -Dprims.determinsm"), r[1]);
    assertTrue(
        r[1].contains("prims.fallbak from " + dir.toRealPath().resolve("prims.properties")), r[1]);
  }
}
