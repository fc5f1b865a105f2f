package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.app.npy.NpyReader;
import dev.prims.app.npy.NpyWriter;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prims run select|partition|topk} on .npy inputs, with --where, --flags and --k. */
class RunSelectTest {
  private static final float[] VALUES = {3, -1, Float.NaN, 7, 0.5f, -0.0f, 2, 7};

  @TempDir Path dir;

  /** {@link #VALUES} as .npy, the input of every test. */
  private Path in;

  @BeforeEach
  void writeValues() throws IOException {
    in = dir.resolve("x.npy");
    NpyWriter.write(in, VALUES);
  }

  /** {@code prims run select} of {@code in} by the expression {@code where} into {@code out}. */
  private static JsonNode select(Path in, String where, Path out) throws IOException {
    return Cli.runJsonOnCpu(
        "select", "--input", in.toString(), "--where", where, "--output", out.toString());
  }

  @Test
  void selectByAnExpression() throws IOException {
    Path out = dir.resolve("kept.npy");
    JsonNode r = select(in, "x > 0 and x != 7", out);
    assertEquals("select", r.get("primitive").asText());
    assertEquals(3, r.get("kept").asInt());
    assertArrayEquals(new float[] {3, 0.5f, 2}, (float[]) NpyReader.read(out));
    select(in, "(x in [-1, 0.5)) or notnan and x >= 7", out);
    assertArrayEquals(new float[] {-1, 7, -0.0f, 7}, (float[]) NpyReader.read(out));
  }

  @Test
  void partitionByFlags() throws IOException {
    Path flags = dir.resolve("f.npy");
    Path out = dir.resolve("parted.npy");
    NpyWriter.write(flags, new int[] {1, 0, 0, 1, 1, 0, 0, -2});
    JsonNode r =
        Cli.runJsonOnCpu(
            "partition",
            "--input",
            in.toString(),
            "--flags",
            flags.toString(),
            "--output",
            out.toString());
    assertEquals(4, r.get("kept").asInt());
    assertArrayEquals(
        new float[] {3, 7, 0.5f, 7, -1, Float.NaN, -0.0f, 2}, (float[]) NpyReader.read(out));
  }

  @Test
  void topKWithIndices() throws IOException {
    Path out = dir.resolve("top.npy");
    Path at = dir.resolve("at.npy");
    JsonNode r =
        Cli.runJsonOnCpu(
            "topk",
            "--input",
            in.toString(),
            "--k",
            "3",
            "--largest",
            "--output",
            out.toString(),
            "--indices",
            at.toString());
    assertEquals("largest", r.get("order").asText());
    assertArrayEquals(new float[] {Float.NaN, 7, 7}, (float[]) NpyReader.read(out));
    assertArrayEquals(new int[] {2, 3, 7}, (int[]) NpyReader.read(at));
    Cli text = Cli.runOnCpu("topk", "--input", in.toString(), "--k", "2");
    assertTrue(text.out().contains("2 smallest of 8 float"), text.out());
    assertTrue(text.out().contains("first -1.0 (index 1)"), text.out());
  }

  @Test
  void badOptionsAreOneLine() throws IOException {
    String x = in.toString();
    RunCommandTest.assertBadInput(
        "--k must be between 1 and n = 8, got 9", "run", "topk", "--input", x, "--k", "9");
    RunCommandTest.assertBadInput("topk needs --k", "run", "topk", "--input", x);
    RunCommandTest.assertBadInput(
        "needs one of --where EXPR or --flags", "run", "select", "--input", x);
    RunCommandTest.assertBadInput(
        "--where 'x >> 1'", "run", "select", "--input", x, "--where", "x >> 1");
    RunCommandTest.assertBadInput(
        "lower 5.0 and upper 1.0", "run", "select", "--input", x, "--where", "x in [5, 1.0]");
    RunCommandTest.assertBadInput(
        "are for select, partition and topk", "run", "scan", "--input", x, "--k", "3");
    RunCommandTest.assertBadInput(
        "--k, --largest and --indices are for topk",
        "run",
        "select",
        "--input",
        x,
        "--where",
        "x > 0",
        "--largest");
  }
}
