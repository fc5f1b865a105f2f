package dev.prims.app;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the prims command line in this JVM with captured stdout and stderr. */
public record Cli(int exitCode, String out, String err) {
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
