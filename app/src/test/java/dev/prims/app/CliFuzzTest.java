package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * Fuzz target for the command line's argument handling, in-process: {@code prims run} with
 * fuzzer-chosen options and values (on the cpu backend, small sizes, no files). Every command line
 * ends with exit 0 and output, or exit 2 and one line on stderr; never an internal failure (exit 1)
 * or an exception.
 */
class CliFuzzTest {
  private static final String[] PRIMITIVES = {"reduce", "scan", "histogram", "dot", "sum", ""};
  private static final String[] OPTIONS = {
    "--n",
    "--type",
    "--dist",
    "--seed",
    "--op",
    "--exclusive",
    "--bins",
    "--lower",
    "--upper",
    "--device",
    "--variant",
    "--determinism",
    "--config",
    "--repeat",
    "--json",
    "--help",
    "--version",
    "--input2",
    "--",
    "-h"
  };
  private static final String[] VALUES = {
    "0",
    "1",
    "-1",
    "33",
    "1000",
    "int",
    "long",
    "float",
    "double",
    "uniform",
    "normal",
    "ints",
    "sum",
    "min",
    "max",
    "prod",
    "and",
    "xor",
    "fast",
    "reproducible",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e-45",
    "4.9e-324",
    "2.2250738585072014E-308",
    "1e308",
    "-0.0",
    "0x10",
    "prims.backend=cpu",
    "prims.backnd=cpu",
    "prims.cpu.threads=100000",
    "prims.device=9",
    "prims.determinism=",
    "prims.fallback=maybe",
    "prims.reduce.variant=x",
    "=",
    "prims.=1"
  };

  /** Tokens that would write or read files, or reach beyond the cpu backend and this JVM. */
  private static boolean unsafe(String token) {
    String t = token.toLowerCase(Locale.ROOT);
    return t.startsWith("@")
        || t.startsWith("--in")
        || t.startsWith("--out")
        || t.startsWith("--b")
        || t.startsWith("-v")
        || t.contains("costmodel")
        || t.contains("natives")
        || t.contains("cub")
        || t.contains("jar")
        || t.contains("conformance")
        || t.contains("debug")
        || t.contains("prims.backend");
  }

  @FuzzTest
  void runEndsInAnswerOrOneLineOfBadInput(FuzzedDataProvider data) {
    List<String> args = new ArrayList<>(List.of("run"));
    String primitive = data.consumeBoolean() ? data.pickValue(PRIMITIVES) : data.consumeString(12);
    if (unsafe(primitive)) {
      return;
    }
    args.add(primitive);
    int count = data.consumeInt(0, 12);
    for (int i = 0; i < count; i++) {
      int kind = data.consumeInt(0, 3);
      String token =
          kind == 0
              ? data.pickValue(OPTIONS)
              : kind == 1
                  ? data.pickValue(VALUES)
                  : kind == 2 ? Double.toString(data.consumeDouble()) : data.consumeString(4);
      if (unsafe(token)) {
        return;
      }
      args.add(token);
    }
    args.addAll(List.of("--backend", "cpu"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = PrimsCli.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute(args.toArray(String[]::new));
    String described = args + " -> " + code + "\nout: " + out + "\nerr: " + err;
    assertTrue(code == 0 || code == 2, described);
    if (code == 2) {
      assertEquals(1, err.toString().lines().count(), described);
      assertTrue(err.toString().startsWith("prims: "), described);
      if (args.stream().noneMatch(a -> a.contains("null"))) {
        assertFalse(err.toString().contains("null"), "a lost message: " + described);
      }
    } else {
      assertFalse(out.toString().isBlank(), described);
    }
  }
}
