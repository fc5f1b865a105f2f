package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.app.npy.NpyReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prims run segreduce|segscan|reduce-by-key|scan-by-key} on the cpu backend. */
class SegmentRunTest {
  /** The generated ints of {@code --n n --type int --dist ints}, as the run sees them. */
  private static int[] ints(int n) {
    return (int[])
        DataGenerator.generate(dev.prims.DType.INT, DataGenerator.Distribution.INTS, 42, n);
  }

  /**
   * {@code prims run primitive --n n --type int --dist ints --segment segment} with {@code more}
   * options, on the cpu backend, as its JSON report.
   */
  private static JsonNode runOnInts(String primitive, int n, int segment, String... more)
      throws IOException {
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            primitive,
            "--n",
            Integer.toString(n),
            "--type",
            "int",
            "--dist",
            "ints",
            "--segment",
            Integer.toString(segment)));
    args.addAll(List.of(more));
    return Cli.runJsonOnCpu(args.toArray(String[]::new));
  }

  @Test
  void segmentedSumsOfGeneratedInts(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("sums.npy");
    JsonNode r = runOnInts("segreduce", 1000, 64, "--output", out.toString());
    assertEquals("segreduce", r.get("primitive").asText());
    assertEquals(16, r.get("segments").asInt());
    int[] values = ints(1000);
    int[] expected = new int[16];
    for (int i = 0; i < 1000; i++) {
      expected[i / 64] += values[i];
    }
    assertArrayEquals(expected, (int[]) NpyReader.read(out));
    assertEquals(expected[0], r.get("first").asInt());
    assertEquals(expected[15], r.get("last").asInt());
  }

  @Test
  void scanByKeyRestartsAtEveryRun(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("scan.npy");
    JsonNode r = runOnInts("scan-by-key", 100, 7, "--exclusive", "--output", out.toString());
    assertEquals("exclusive", r.get("kind").asText());
    assertEquals(15, r.get("segments").asInt());
    int[] values = ints(100);
    int[] expected = new int[100];
    int acc = 0;
    for (int i = 0; i < 100; i++) {
      if (i % 7 == 0) {
        acc = 0;
      }
      expected[i] = acc;
      acc += values[i];
    }
    assertArrayEquals(expected, (int[]) NpyReader.read(out));
  }

  @Test
  void reduceByKeyAndSegscanReportTheirShape() throws IOException {
    JsonNode r =
        Cli.runJsonOnCpu("reduce-by-key", "--n", "1000", "--op", "max", "--segment", "100");
    assertEquals(10, r.get("segments").asInt());
    assertEquals("max", r.get("op").asText());
    JsonNode s = Cli.runJsonOnCpu("segscan", "--n", "10", "--segment", "3");
    assertEquals(4, s.get("segments").asInt());
    assertEquals("inclusive", s.get("kind").asText());
  }

  @Test
  void theHumanReportNamesTheSegments() {
    Cli r = Cli.runOnCpu("segreduce", "--n", "1000", "--segment", "64");
    assertTrue(r.out().contains("sum segreduce of 1000 float"), r.toString());
    assertTrue(r.out().contains("in 16 segments of 64"), r.toString());
  }

  @Test
  void segmentedArgMaxWritesValuesAndIndices(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("max.npy");
    Path at = dir.resolve("at.npy");
    JsonNode r =
        runOnInts(
            "segreduce",
            1000,
            64,
            "--op",
            "argmax",
            "--output",
            out.toString(),
            "--indices",
            at.toString());
    assertEquals("argmax", r.get("op").asText());
    assertEquals(16, r.get("segments").asInt());
    int[] values = ints(1000);
    int[] expected = new int[16];
    long[] expectedAt = new long[16];
    for (int s = 0; s < 16; s++) {
      expectedAt[s] = 64 * s;
      for (int i = 64 * s; i < Math.min(1000, 64 * (s + 1)); i++) {
        if (values[i] > values[(int) expectedAt[s]]) {
          expectedAt[s] = i;
        }
      }
      expected[s] = values[(int) expectedAt[s]];
    }
    assertArrayEquals(expected, (int[]) NpyReader.read(out));
    assertArrayEquals(expectedAt, (long[]) NpyReader.read(at));
    assertEquals(expectedAt[0], r.get("firstIndex").asLong());
    assertEquals(expectedAt[15], r.get("lastIndex").asLong());
    Cli human =
        Cli.run(
            "run",
            "segreduce",
            "--n",
            "100",
            "--segment",
            "10",
            "--op",
            "argmin",
            "--backend",
            "cpu");
    assertEquals(0, human.exitCode(), human.toString());
    assertTrue(human.out().contains("argmin segreduce of 100 float"), human.toString());
    assertTrue(
        human.out().matches("(?s).*first [^,]+ at \\d+, last .* at \\d+.*"), human.toString());
  }

  @Test
  void badSegmentOptions() {
    RunCommandTest.assertBadInput(
        "--indices is for topk and segreduce --op argmin|argmax",
        "run",
        "segreduce",
        "--n",
        "10",
        "--op",
        "max",
        "--indices",
        "at.npy");
    RunCommandTest.assertBadInput(
        "unknown op 'argmax'", "run", "segscan", "--n", "10", "--op", "argmax");
    RunCommandTest.assertBadInput(
        "--segment must be at least 1, got 0", "run", "segreduce", "--n", "10", "--segment", "0");
    RunCommandTest.assertBadInput(
        "--segment is for segreduce", "run", "reduce", "--n", "10", "--segment", "4");
  }
}
