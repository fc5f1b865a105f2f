package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.app.npy.NpyReader;
import dev.prims.app.npy.NpyWriter;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prims run unique|rle} on .npy inputs, with --output and --lengths. */
class RunUniqueTest {
  private static final long[] KEYS = {5, 5, 5, -1, 7, 7, 5, Long.MIN_VALUE, Long.MIN_VALUE};

  @Test
  void uniqueDropsConsecutiveDuplicates(@TempDir Path dir) throws IOException {
    Path in = dir.resolve("keys.npy");
    Path out = dir.resolve("unique.npy");
    NpyWriter.write(in, KEYS);
    JsonNode r = Cli.runJsonOnCpu("unique", "--input", in.toString(), "--output", out.toString());
    assertEquals("unique", r.get("primitive").asText());
    assertEquals(5, r.get("runCount").asInt());
    assertArrayEquals(new long[] {5, -1, 7, 5, Long.MIN_VALUE}, (long[]) NpyReader.read(out));
  }

  @Test
  void rleWritesValuesAndLengths(@TempDir Path dir) throws IOException {
    Path in = dir.resolve("keys.npy");
    Path out = dir.resolve("values.npy");
    Path lengths = dir.resolve("lengths.npy");
    NpyWriter.write(in, new int[] {3, 3, 0, 0, 0, 3});
    JsonNode r =
        Cli.runJsonOnCpu(
            "rle",
            "--input",
            in.toString(),
            "--output",
            out.toString(),
            "--lengths",
            lengths.toString());
    assertEquals(3, r.get("runCount").asInt());
    assertEquals(3, r.get("longestRun").asInt());
    assertArrayEquals(new int[] {3, 0, 3}, (int[]) NpyReader.read(out));
    assertArrayEquals(new long[] {2, 3, 1}, (long[]) NpyReader.read(lengths));
    Cli text = Cli.runOnCpu("rle", "--n", "1000");
    assertTrue(text.out().contains("rle of 1000 int"), text.out());
    assertTrue(text.out().contains(" ms"), text.out());
    Cli repeated = Cli.runOnCpu("unique", "--n", "1000", "--repeat", "3");
    assertTrue(repeated.out().contains("of 3 runs"), repeated.out());
  }

  @Test
  void emptyInputHasNoRuns(@TempDir Path dir) throws IOException {
    Path in = dir.resolve("empty.npy");
    Path lengths = dir.resolve("lengths.npy");
    NpyWriter.write(in, new int[0]);
    JsonNode r = Cli.runJsonOnCpu("rle", "--input", in.toString(), "--lengths", lengths.toString());
    assertEquals(0, r.get("runCount").asInt());
    assertArrayEquals(new long[0], (long[]) NpyReader.read(lengths));
  }

  @Test
  void badOptionsAreOneLine(@TempDir Path dir) throws IOException {
    Path floats = dir.resolve("x.npy");
    NpyWriter.write(floats, new float[] {1, 1, 2});
    String x = floats.toString();
    RunCommandTest.assertBadInput(
        "unique takes int32 or int64 input", "run", "unique", "--input", x);
    RunCommandTest.assertBadInput(
        "--lengths is for rle only", "run", "scan", "--input", x, "--lengths", "l.npy");
    RunCommandTest.assertBadInput(
        "--lengths is for rle only", "run", "unique", "--n", "10", "--lengths", "l.npy");
    RunCommandTest.assertBadInput(
        "are for select, partition and topk, not rle", "run", "rle", "--n", "10", "--k", "2");
  }
}
