package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.app.npy.NpyWriter;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prims run argmin|argmax|moments} on small .npy inputs with known answers. */
class RunArgMomentsTest {
  @Test
  void argMinAndArgMaxReportTheFirstExtremeAndItsIndex(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("x.npy");
    NpyWriter.write(file, new float[] {3, 7, -0.0f, 7, 0.0f, -0.0f});
    JsonNode max = Cli.runJsonOnCpu("argmax", "--input", file.toString());
    assertEquals("argmax", max.get("primitive").asText());
    assertEquals(1, max.get("index").asLong());
    assertEquals("7.0", max.get("result").toString());
    JsonNode min = Cli.runJsonOnCpu("argmin", "--input", file.toString());
    assertEquals(2, min.get("index").asLong());
    assertEquals("-0.0", min.get("result").toString());
  }

  @Test
  void momentsReportCountMeanAndVariances(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("x.npy");
    NpyWriter.write(file, new int[] {2, 4, 4, 4, 5, 5, 7, 9});
    JsonNode m = Cli.runJsonOnCpu("moments", "--input", file.toString());
    assertEquals(8, m.get("count").asLong());
    assertEquals(5.0, m.get("mean").asDouble());
    assertEquals(4.0, m.get("variance").asDouble());
    assertEquals(32.0 / 7, m.get("sampleVariance").asDouble());
    assertEquals(2.0, m.get("stddev").asDouble());
  }

  @Test
  void textReportNamesTheIndex(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("x.npy");
    NpyWriter.write(file, new long[] {5, 1, 1});
    Cli r = Cli.runOnCpu("argmin", "--input", file.toString());
    assertTrue(r.out().contains("argmin of 3 long") && r.out().contains("1 at index 1"), r.out());
  }

  @Test
  void emptyInputAndOperatorAreBadInput(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("empty.npy");
    NpyWriter.write(file, new double[0]);
    RunCommandTest.assertBadInput(
        "argmax of an empty input has no value", "run", "argmax", "--input", file.toString());
    RunCommandTest.assertBadInput(
        "--op is for reduce and scan, not moments", "run", "moments", "--n", "10", "--op", "max");
  }
}
