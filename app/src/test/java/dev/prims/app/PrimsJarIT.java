package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The shaded {@code target/prims.jar} run as its own process: manifest, merged service files,
 * logging configuration, and the exit codes {@code System.exit} really returns.
 */
class PrimsJarIT {
  private record Result(int exitCode, String out, String err) {}

  private static Result prims(String... args) throws IOException, InterruptedException {
    Path jar = Path.of("target", "prims.jar");
    assertTrue(Files.isRegularFile(jar), "no " + jar.toAbsolutePath() + "; run mvn package");
    List<String> command = new ArrayList<>(ChildJvm.command());
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).start();
    CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p, true));
    CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p, false));
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "prims " + command + " did not finish");
    return new Result(
        p.exitValue(),
        new String(out.join(), StandardCharsets.UTF_8),
        new String(err.join(), StandardCharsets.UTF_8));
  }

  private static byte[] readAll(Process p, boolean stdout) {
    try {
      return (stdout ? p.getInputStream() : p.getErrorStream()).readAllBytes();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void infoFindsTheCpuBackendThroughTheMergedServiceFiles() throws Exception {
    Result r = prims("info", "--json");
    assertEquals(0, r.exitCode(), r.toString());
    JsonNode info = new ObjectMapper().readTree(r.out());
    boolean cpu = false;
    for (JsonNode b : info.get("backends")) {
      cpu |= b.get("id").asText().equals("cpu") && b.get("available").asBoolean();
    }
    assertTrue(cpu, r.out());
  }

  @Test
  void runIsQuietOnStderrAndExact() throws Exception {
    Result r =
        prims(
            "run",
            "reduce",
            "--input",
            Fixtures.npy("int32_wrap.npy").toString(),
            "--backend",
            "cpu",
            "--json");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals("", r.err(), r.toString());
    assertEquals(4, new ObjectMapper().readTree(r.out()).get("result").asInt());
  }

  @Test
  void badInputExitsTwoWithOneLine() throws Exception {
    Result r = prims("run", "reduce", "--input", "no-such-file.npy", "--backend", "cpu");
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals("prims: input file not found: no-such-file.npy", r.err().strip(), r.toString());
    assertEquals("", r.out());
  }

  @Test
  void verboseTurnsOnDebugLogging() throws Exception {
    Result r = prims("-v", "run", "reduce", "--n", "10", "--backend", "cpu");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.err().contains("[DEBUG]"), r.toString());
  }

  @Test
  void versionComesFromTheManifest() throws Exception {
    Result r = prims("--version");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().matches("(?s)prims \\d+\\.\\d+\\.\\d+.*"), r.out());
  }
}
