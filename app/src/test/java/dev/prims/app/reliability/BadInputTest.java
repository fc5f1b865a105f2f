package dev.prims.app.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.app.Cli;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input not covered elsewhere, through the API on every available backend and through the CLI.
 * The rest of issue 9's list is checked by {@code EngineConformance.badInputIsAClearException}
 * (nulls, mismatched lengths, bins <= 0, lower >= upper, non-finite bounds, unsupported ops,
 * MIN/MAX of empty input), {@code RunCommandTest.badFilesAreExitTwo}, {@code
 * badHistogramsAreExitTwo}, {@code badDotsAreExitTwo}, {@code badOptionsAreExitTwo} and {@code
 * NpyReaderTest}.
 */
class BadInputTest {
  private static Prims engine;
  private static final List<String> BACKENDS = new ArrayList<>();

  @BeforeAll
  static void open() {
    engine = Prims.create(PrimsConfig.empty());
    BACKENDS.addAll(AvailableBackends.of(engine));
  }

  @AfterAll
  static void close() {
    engine.close();
  }

  @Test
  void emptyArraysGiveIdentitiesOnEveryBackend() {
    for (String id : BACKENDS) {
      Prims p = engine.backend(id);
      assertEquals(0, p.reduce(new int[0], ReduceOp.SUM).asInt(), id);
      assertEquals(1L, p.reduce(new long[0], ReduceOp.PROD).asLong(), id);
      assertEquals(
          Float.floatToIntBits(0f),
          Float.floatToIntBits(p.reduce(new float[0], ReduceOp.SUM).asFloat()),
          id);
      assertEquals(0, p.scan(new double[0], ReduceOp.SUM, ScanKind.EXCLUSIVE).values().length, id);
      HistogramResult h = p.histogram(new float[0], HistogramSpec.even(3, 0, 1));
      assertArrayEquals(new long[3], h.counts(), id);
      assertEquals(0, h.outOfRange(), id);
      assertEquals(0.0, p.dot(new double[0], new double[0]).asDouble(), id);
    }
  }

  @Test
  void moreBadCallsAreClearExceptionsOnEveryBackendWhichStaysUsable() {
    for (String id : BACKENDS) {
      Prims p = engine.backend(id);
      List<Executable> bad =
          List.of(
              () -> p.dot((float[]) null, new float[1]),
              () -> p.dot(new long[2], new long[3]),
              () -> p.scan((int[]) null, ReduceOp.MAX, ScanKind.INCLUSIVE),
              () -> p.scan(new int[] {1}, null, ScanKind.INCLUSIVE),
              () -> p.reduce((float[]) null, ReduceOp.SUM),
              () -> p.reduce((long[]) null, ReduceOp.MAX),
              () -> p.reduce(new float[0], ReduceOp.MIN),
              () -> p.histogram(new double[] {1}, HistogramSpec.keys(4)),
              () -> HistogramSpec.even(0, 0, 1),
              () -> HistogramSpec.even(4, Double.NEGATIVE_INFINITY, 0),
              () -> HistogramSpec.even(4, 0, Double.NaN),
              () -> HistogramSpec.even(4, 2, -2),
              () -> HistogramSpec.keys(-3),
              () -> p.reduce((dev.prims.DeviceBuffer) null, ReduceOp.SUM),
              () -> p.upload(null),
              () -> p.upload(new short[3]),
              () -> p.allocate(null, 4),
              () -> DType.parse("half"),
              () -> ReduceOp.valueOf("AVG"),
              () -> engine.backend("no-such-backend"),
              () -> engine.with("prims.determinism", "exact").reduce(new int[] {1}, ReduceOp.SUM));
      for (int i = 0; i < bad.size(); i++) {
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, bad.get(i), id + ": bad call " + i);
        assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), id + ": case " + i);
      }
      assertEquals(6L, p.reduce(new long[] {1, 2, 3}, ReduceOp.SUM).asLong(), id + " still usable");
    }
  }

  @Test
  void mismatchedLengthsNameBothSizes() {
    for (String id : BACKENDS) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> engine.backend(id).dot(new double[1000], new double[999]));
      assertTrue(e.getMessage().contains("1000") && e.getMessage().contains("999"), e.getMessage());
    }
  }

  /**
   * Writes {@code array} as {@code dir/name} (fixtures as files, also when tests run from a jar).
   */
  private static String written(Path dir, String name, Object array) throws IOException {
    Path file = dir.resolve(name);
    dev.prims.app.npy.NpyWriter.write(file, array);
    return file.toString();
  }

  /** Runs {@code prims ARGS} expecting exit 2 and one line on stderr containing {@code text}. */
  private static void assertBadInput(String text, String... args) {
    StressRunner.Outcome r = StressRunner.cli(args);
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals(1, r.err().lines().count(), r.toString());
    assertTrue(r.err().contains(text), "expected '" + text + "' in " + r);
  }

  private static Path npy(Path dir, String name, String header, int dataBytes) throws IOException {
    byte[] dict = header.getBytes(StandardCharsets.ISO_8859_1);
    ByteBuffer b = ByteBuffer.allocate(10 + dict.length + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
    b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
    b.putShort((short) dict.length);
    b.put(dict);
    Path file = dir.resolve(name);
    Files.write(file, b.array());
    return file;
  }

  @Test
  void corruptedNpyFilesAreExitTwo(@TempDir Path dir) throws IOException {
    String[][] cases = {
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), ", "header"},
      {"{'descr': '<f4', 'fortran_order': False}                \n", "shape"},
      {"{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }\n", "unsupported dtype '<c8'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (-3,), }\n", ""},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (1000,), }\n", "truncated"},
      {"not a python dict at all, just bytes                      \n", ""},
    };
    for (int i = 0; i < cases.length; i++) {
      Path file = npy(dir, "case" + i + ".npy", cases[i][0], 12);
      assertBadInput(cases[i][1], "run", "reduce", "--input", file.toString());
    }
    Path shortHeader = dir.resolve("short.npy");
    Files.write(
        shortHeader, new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) 200, 0, '{'});
    assertBadInput("", "run", "reduce", "--input", shortHeader.toString());
  }

  @Test
  void nonFiniteBoundsAndNonNumbersAreExitTwo(@TempDir Path dir) throws IOException {
    String edges = written(dir, "edges.npy", new float[] {0f, 0.5f, 1f});
    assertBadInput("must be finite", Cli.evenHistogram(edges, "4", "NaN", "1"));
    assertBadInput("must be finite", Cli.evenHistogram(edges, "4", "-Infinity", "1"));
    assertBadInput(
        "", "run", "histogram", "--input", edges, "--bins", "-4", "--lower", "0", "--upper", "1");
    assertBadInput("", Cli.evenHistogram(edges, "four", "0", "1"));
  }

  @Test
  void anOutputThatCannotBeWrittenIsExitTwoAndLeavesNoFile(@TempDir Path dir) throws IOException {
    Path inputs = Files.createDirectory(dir.resolve("inputs"));
    Path outputs = Files.createDirectory(dir.resolve("outputs"));
    String scan = written(inputs, "scan.npy", new int[] {1, 2, 3});
    String longName = "x".repeat(240) + ".npy";
    assertBadInput(
        "cannot write",
        "run",
        "scan",
        "--input",
        scan,
        "--output",
        outputs.resolve(longName).toString());
    try (Stream<Path> left = Files.list(outputs)) {
      assertEquals(List.of(), left.toList(), "no partial or temporary file left behind");
    }
    assertBadInput("", "run", "scan", "--input", scan, "--output", "/proc/prims-out.npy");
    assertTrue(Files.notExists(Path.of("/proc/prims-out.npy")));
  }
}
