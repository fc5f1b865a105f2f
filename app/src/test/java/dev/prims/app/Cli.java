package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs the prims command line in this JVM with captured stdout and stderr. */
public record Cli(int exitCode, String out, String err) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Runs {@code args} as the command line would. */
  public static Cli run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = PrimsCli.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int code = commandLine.execute(args);
    return new Cli(code, out.toString(), err.toString());
  }

  /** Runs {@code prims run ARGS --backend cpu} and checks that it succeeds. */
  public static Cli runOnCpu(String... args) {
    return succeeded(run(onCpu(args)));
  }

  /**
   * Runs {@code prims run ARGS --backend cpu --json}, checks that it succeeds with one line and
   * parses that line.
   */
  public static JsonNode runJsonOnCpu(String... args) throws IOException {
    Cli r = succeeded(run(onCpu(args, "--json")));
    assertEquals(1, r.out().lines().count(), r.toString());
    return JSON.readTree(r.out());
  }

  /** {@code run ARGS --backend cpu TAIL}. */
  private static String[] onCpu(String[] args, String... tail) {
    String[] all = new String[args.length + 3 + tail.length];
    all[0] = "run";
    System.arraycopy(args, 0, all, 1, args.length);
    all[args.length + 1] = "--backend";
    all[args.length + 2] = "cpu";
    System.arraycopy(tail, 0, all, args.length + 3, tail.length);
    return all;
  }

  private static Cli succeeded(Cli r) {
    assertEquals(0, r.exitCode(), r.toString());
    return r;
  }

  /**
   * Runs {@code prims bench --quick} of {@code primitives} on the cpu backend, checks that it
   * succeeds and returns the rows of the JSON report it writes into {@code dir}.
   */
  public static JsonNode quickCpuBenchRows(Path dir, String primitives) throws IOException {
    Path json = dir.resolve("bench.json");
    Cli r =
        run(
            "bench",
            "--quick",
            "--no-progress",
            "--backends",
            "cpu",
            "--primitives",
            primitives,
            "--json",
            json.toString());
    assertEquals(0, r.exitCode(), r::toString);
    return JSON.readTree(json.toFile()).get("rows");
  }

  /** The arguments of {@code prims run histogram} with even bins over {@code [lower, upper)}. */
  public static String[] evenHistogram(String input, String bins, String lower, String upper) {
    return new String[] {
      "run", "histogram", "--input", input, "--bins", bins, "--lower", lower, "--upper", upper
    };
  }

  /** The lines written to stderr. */
  public long errLines() {
    return err.lines().count();
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\nstdout: " + out + "\nstderr: " + err;
  }
}
