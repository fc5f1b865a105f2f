package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.DType;
import dev.prims.app.DataGenerator.Distribution;
import dev.prims.app.npy.NpyReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code prims run} end to end on the cpu backend, with exact answers for NumPy-made files. */
class RunCommandTest {
  /** Runs {@code prims run ARGS --backend cpu --json} and parses the one line it prints. */
  private static JsonNode runJson(String... args) throws IOException {
    JsonNode node = Cli.runJsonOnCpu(args);
    assertEquals("cpu", node.get("backend").asText());
    assertTrue(node.get("millis").asDouble() >= 0, node.toString());
    return node;
  }

  /** Runs {@code prims ARGS} expecting bad-input exit 2 with one line containing {@code text}. */
  static void assertBadInput(String text, String... args) {
    Cli r = Cli.run(args);
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals(1, r.errLines(), r.toString());
    assertTrue(r.err().startsWith("prims: "), r.toString());
    assertTrue(r.err().contains(text), "expected '" + text + "' in " + r);
    assertEquals("", r.out(), r.toString());
  }

  private static String npy(String name) {
    return Fixtures.npy(name).toString();
  }

  @ParameterizedTest
  @CsvSource({
    "int32_wrap.npy, sum, 4",
    "int32_wrap.npy, min, 1",
    "int32_wrap.npy, max, 2147483647",
    "int32_wrap.npy, or, 2147483647",
    "int32_wrap.npy, xor, 4",
    "int64_wrap.npy, sum, -4611686018427387899",
    "int64_wrap.npy, max, 4611686018427387904",
    "float32_exact.npy, sum, 4.25",
    "float32_exact.npy, min, -2.0",
    "float32_exact.npy, max, 4.0",
    "float32_tenth.npy, sum, 0.1",
    "float64_values.npy, max, 1.0E300",
    "float64_values.npy, min, -3.5",
    "float32_nan.npy, sum, \"NaN\"",
    "float32_nan.npy, min, \"NaN\"",
    "float32_nan.npy, max, \"NaN\"",
    "empty_f4.npy, sum, 0.0",
    "empty_i4.npy, sum, 0",
    "empty_f8.npy, prod, 1.0"
  })
  void reduceGivesExactAnswers(String file, String op, String expected) throws IOException {
    JsonNode r = runJson("reduce", "--input", npy(file), "--op", op);
    assertEquals("reduce", r.get("primitive").asText());
    assertEquals(op, r.get("op").asText());
    assertEquals(expected, r.get("result").toString());
  }

  @Test
  void reduceReportsTypeLengthAndVariant() throws IOException {
    JsonNode r = runJson("reduce", "--input", npy("int64_wrap.npy"));
    assertEquals("long", r.get("type").asText());
    assertEquals(4, r.get("n").asInt());
    assertTrue(!r.get("variant").asText().isEmpty(), r.toString());
    assertTrue(!r.get("device").asText().isEmpty(), r.toString());
  }

  @Test
  void minOfAnEmptyArrayIsBadInput() {
    assertBadInput("empty input", "run", "reduce", "--input", npy("empty_f4.npy"), "--op", "min");
  }

  @Test
  void inclusiveScanWritesWhatNumpyWrites(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("prefix.npy");
    JsonNode r = runJson("scan", "--input", npy("scan_i4.npy"), "--output", out.toString());
    assertEquals("inclusive", r.get("kind").asText());
    assertEquals(1, r.get("first").asInt());
    assertEquals(10, r.get("last").asInt());
    assertEquals(out.toString(), r.get("output").asText());
    assertArrayEquals(
        Files.readAllBytes(Fixtures.npy("scan_i4_inclusive.npy")), Files.readAllBytes(out));
  }

  @Test
  void exclusiveScan(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("prefix.npy");
    JsonNode r =
        runJson("scan", "--input", npy("scan_f8.npy"), "--exclusive", "--output", out.toString());
    assertEquals("exclusive", r.get("kind").asText());
    assertEquals("0.0", r.get("first").toString());
    assertEquals("-0.5", r.get("last").toString());
    assertArrayEquals(new double[] {0, 0.5, -0.5}, (double[]) NpyReader.read(out));
  }

  @Test
  void scanOfAnEmptyArray(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("empty.npy");
    JsonNode r = runJson("scan", "--input", npy("empty_i4.npy"), "--output", out.toString());
    assertTrue(r.get("first").isNull() && r.get("last").isNull(), r.toString());
    assertEquals(0, ((int[]) NpyReader.read(out)).length);
  }

  @Test
  void scanWithoutOutputSaysNull() throws IOException {
    JsonNode r = runJson("scan", "--input", npy("scan_i4.npy"), "--op", "max");
    assertTrue(r.get("output").isNull(), r.toString());
    assertEquals(4, r.get("last").asInt());
  }

  @ParameterizedTest
  @CsvSource({"keys_i4.npy, 5", "keys_i8.npy, 3"})
  void integerKeyHistogram(String file, long outOfRange, @TempDir Path dir) throws IOException {
    Path out = dir.resolve("counts.npy");
    JsonNode r =
        runJson("histogram", "--input", npy(file), "--bins", "4", "--output", out.toString());
    assertEquals("[2,0,1,1]", r.get("counts").toString());
    assertEquals(outOfRange, r.get("outOfRange").asLong());
    assertArrayEquals(new long[] {2, 0, 1, 1}, (long[]) NpyReader.read(out));
  }

  @ParameterizedTest
  @CsvSource({"edges_f4.npy", "edges_f8.npy"})
  void evenBinsHonourEveryEdge(String file) throws IOException {
    JsonNode r =
        runJson("histogram", "--input", npy(file), "--bins", "4", "--lower", "0", "--upper", "1");
    assertEquals("[2,1,1,1]", r.get("counts").toString());
    assertEquals(4, r.get("outOfRange").asLong());
    assertEquals(4, r.get("bins").asInt());
  }

  @Test
  void dotProducts() throws IOException {
    JsonNode f = runJson("dot", "--input", npy("dot_a_f4.npy"), "--input2", npy("dot_b_f4.npy"));
    assertEquals("32.0", f.get("result").toString());
    JsonNode i = runJson("dot", "--input", npy("dot_a_i4.npy"), "--input2", npy("dot_b_i4.npy"));
    assertEquals(65536, i.get("result").asLong());
  }

  @Test
  void generatedDataIsReproducibleAndSummedExactly() throws IOException {
    JsonNode r =
        runJson("reduce", "--n", "100003", "--type", "long", "--dist", "ints", "--seed", "5");
    long[] expected = (long[]) DataGenerator.generate(DType.LONG, Distribution.INTS, 5, 100003);
    assertEquals(Arrays.stream(expected).sum(), r.get("result").asLong());
    assertEquals("ints", r.get("dist").asText());
    assertEquals(5, r.get("seed").asLong());
  }

  @Test
  void generatedHistogramDefaultsToIntegerKeys() throws IOException {
    JsonNode r = runJson("histogram", "--n", "5000", "--bins", "1000");
    assertEquals("int", r.get("type").asText());
    assertEquals(0, r.get("outOfRange").asLong());
    long total = 0;
    for (JsonNode c : r.get("counts")) {
      total += c.asLong();
    }
    assertEquals(5000, total);
  }

  @Test
  void generatedDotUsesTwoDifferentArrays() throws IOException {
    JsonNode r = runJson("dot", "--n", "1000", "--type", "int", "--dist", "ints");
    int[] a = (int[]) DataGenerator.generate(DType.INT, Distribution.INTS, 42, 1000);
    int[] b = (int[]) DataGenerator.generate(DType.INT, Distribution.INTS, 43, 1000);
    int dot = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
    }
    assertEquals(dot, r.get("result").asInt());
  }

  @Test
  void repeatReportsBestAndMedian() throws IOException {
    JsonNode r = runJson("reduce", "--n", "1000", "--repeat", "3");
    assertEquals(3, r.get("runs").asInt());
    assertTrue(r.get("millis").asDouble() <= r.get("medianMillis").asDouble(), r.toString());
  }

  @Test
  void textOutputSaysWhatWhereAndHowLong() {
    Cli r =
        Cli.run(
            "run", "histogram", "--input", npy("keys_i4.npy"), "--bins", "4", "--backend", "cpu");
    assertEquals(0, r.exitCode(), r.toString());
    List<String> lines = r.out().lines().collect(java.util.stream.Collectors.toList());
    assertEquals(3, lines.size(), r.out());
    assertTrue(lines.get(0).contains("9 int") && lines.get(0).contains("5 out of range"), r.out());
    assertEquals("counts: 2 0 1 1", lines.get(1));
    assertTrue(lines.get(2).startsWith("on cpu (") && lines.get(2).endsWith(" ms"), r.out());
  }

  @Test
  void configurationKeysReachTheBackend() throws IOException {
    JsonNode r =
        runJson("reduce", "--input", npy("int32_wrap.npy"), "--config", "prims.cpu.threads=1");
    assertEquals(4, r.get("result").asInt());
  }

  @Test
  void badFilesAreExitTwo(@TempDir Path dir) {
    assertBadInput(
        "input file not found", "run", "reduce", "--input", dir.resolve("no.npy").toString());
    assertBadInput("big-endian dtype '>f4'", "run", "reduce", "--input", npy("bigendian_f4.npy"));
    assertBadInput("Fortran-order", "run", "reduce", "--input", npy("fortran_2d_f4.npy"));
    assertBadInput("only 1-D arrays", "run", "scan", "--input", npy("c_2d_f4.npy"));
    assertBadInput("unsupported dtype '<u4'", "run", "reduce", "--input", npy("uint32.npy"));
    assertBadInput("truncated", "run", "reduce", "--input", npy("truncated_f8.npy"));
    assertBadInput("cannot read " + dir, "run", "reduce", "--input", dir.toString());
    assertBadInput("not a NumPy .npy file", "run", "reduce", "--input", npy("not_npy.npy"));
    assertBadInput(
        "the directory of --output",
        "run",
        "scan",
        "--input",
        npy("scan_i4.npy"),
        "--output",
        dir.resolve("missing/out.npy").toString());
  }

  @Test
  void badHistogramsAreExitTwo() {
    String keys = npy("keys_i4.npy");
    String edges = npy("edges_f4.npy");
    assertBadInput(
        "bins must be positive, got 0", "run", "histogram", "--input", keys, "--bins", "0");
    assertBadInput(
        "lower bound must be below the upper bound", Cli.evenHistogram(edges, "4", "1", "1"));
    assertBadInput("must be finite", Cli.evenHistogram(edges, "4", "0", "Infinity"));
    assertBadInput(
        "float values are counted in even bins: add --lower L --upper U",
        "run",
        "histogram",
        "--input",
        edges,
        "--bins",
        "4");
    assertBadInput(
        "int keys are counted with --bins N alone", Cli.evenHistogram(keys, "4", "0", "4"));
    assertBadInput("histogram needs --bins", "run", "histogram", "--input", keys);
    assertBadInput(
        "give both --lower and --upper",
        "run",
        "histogram",
        "--input",
        edges,
        "--bins",
        "4",
        "--lower",
        "0");
    assertBadInput(
        "--op is for reduce and scan",
        "run",
        "histogram",
        "--input",
        keys,
        "--bins",
        "4",
        "--op",
        "max");
  }

  @Test
  void badDotsAreExitTwo() {
    assertBadInput(
        "equal length, got 3 and 2",
        "run",
        "dot",
        "--input",
        npy("dot_a_f4.npy"),
        "--input2",
        npy("dot_short_f4.npy"));
    assertBadInput(
        "dot needs inputs of one dtype, got float and int",
        "run",
        "dot",
        "--input",
        npy("dot_a_f4.npy"),
        "--input2",
        npy("dot_b_i4.npy"));
    assertBadInput("--input2", "run", "dot", "--input", npy("dot_a_f4.npy"));
  }

  @Test
  void badOptionsAreExitTwo() {
    String ints = npy("int32_wrap.npy");
    assertBadInput(
        "unknown backend 'nope'; known backends:",
        "run",
        "reduce",
        "--input",
        ints,
        "--backend",
        "nope");
    assertBadInput("unknown op 'avg'", "run", "reduce", "--input", ints, "--op", "avg");
    assertBadInput(
        "AND is only defined for int and long",
        "run",
        "reduce",
        "--input",
        npy("float32_exact.npy"),
        "--op",
        "and");
    assertBadInput("unknown primitive 'shuffle'", "run", "shuffle", "--input", ints);
    assertBadInput(
        "unknown reduce variant 'magic'",
        "run",
        "reduce",
        "--input",
        ints,
        "--backend",
        "cpu",
        "--variant",
        "magic");
    assertBadInput(
        "unknown determinism", "run", "reduce", "--input", ints, "--determinism", "exact");
    assertBadInput("unknown type 'half'", "run", "reduce", "--n", "5", "--type", "half");
    assertBadInput("unknown distribution 'zipf'", "run", "reduce", "--n", "5", "--dist", "zipf");
    assertBadInput("cannot read size '-1'", "run", "reduce", "--n", "-1");
    assertBadInput("--n must be between 0 and", "run", "reduce", "--n", "2^40");
    assertBadInput(
        "--input and --n exclude each other", "run", "reduce", "--input", ints, "--n", "5");
    assertBadInput("give --input FILE.npy, or --n N", "run", "reduce");
    assertBadInput(
        "--type, --dist and --seed describe generated data",
        "run",
        "reduce",
        "--input",
        ints,
        "--type",
        "int");
    assertBadInput("--exclusive is for scan only", "run", "reduce", "--input", ints, "--exclusive");
    assertBadInput(
        "--output is for scan, sort, histogram and the segmented operations",
        "run",
        "reduce",
        "--input",
        ints,
        "--output",
        "x.npy");
    assertBadInput(
        "--repeat must be at least 1", "run", "reduce", "--input", ints, "--repeat", "0");
    assertBadInput(
        "configuration keys start with 'prims.'",
        "run",
        "reduce",
        "--input",
        ints,
        "--config",
        "backend=cpu");
  }
}
