package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.app.npy.NpyReader;
import dev.prims.app.npy.NpyWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prims run sort} on .npy inputs and generated data, ascending and descending. */
class RunSortTest {
  @Test
  void sortsFloatsAsFloatCompareOrdersThem(@TempDir Path dir) throws IOException {
    Path in = dir.resolve("x.npy");
    Path out = dir.resolve("sorted.npy");
    NpyWriter.write(in, new float[] {3, Float.NaN, 0.0f, -0.0f, Float.NEGATIVE_INFINITY, -1});
    JsonNode r = Cli.runJsonOnCpu("sort", "--input", in.toString(), "--output", out.toString());
    assertEquals("sort", r.get("primitive").asText());
    assertEquals("ascending", r.get("order").asText());
    assertEquals(out.toString(), r.get("output").asText());
    assertArrayEquals(
        new float[] {Float.NEGATIVE_INFINITY, -1, -0.0f, 0.0f, 3, Float.NaN},
        (float[]) NpyReader.read(out));
  }

  @Test
  void descendingSortOfGeneratedInts(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("sorted.npy");
    JsonNode r =
        Cli.runJsonOnCpu(
            "sort", "--n", "100000", "--type", "int", "--descending", "--output", out.toString());
    assertEquals("descending", r.get("order").asText());
    int[] sorted = (int[]) NpyReader.read(out);
    int[] expected =
        (int[])
            DataGenerator.generate(
                dev.prims.DType.INT, DataGenerator.Distribution.UNIFORM, 42, 100000);
    Arrays.sort(expected);
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[expected.length - 1 - i], sorted[i], "index " + i);
    }
    assertEquals(sorted[0], r.get("first").asInt());
  }

  @Test
  void textReportAndBadOptions(@TempDir Path dir) throws IOException {
    Path in = dir.resolve("x.npy");
    NpyWriter.write(in, new long[] {5, 1, 3});
    Cli r = Cli.runOnCpu("sort", "--input", in.toString());
    assertTrue(r.out().contains("ascending sort of 3 long"), r.out());
    assertTrue(r.out().contains("first 1, last 5"), r.out());
    RunCommandTest.assertBadInput(
        "--descending is for sort only", "run", "scan", "--input", in.toString(), "--descending");
    RunCommandTest.assertBadInput(
        "--op and --exclusive are for reduce and scan, not sort",
        "run",
        "sort",
        "--input",
        in.toString(),
        "--op",
        "max");
  }
}
