package dev.prims.app.reliability;

import dev.prims.Prims;
import dev.prims.app.PrimsCli;
import dev.prims.app.stress.StressCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Supplier;
import picocli.CommandLine;

/** Runs {@code prims stress} in this JVM, on the usual engine or one from a supplier. */
final class StressRunner {
  private StressRunner() {}

  /** Exit code and captured output of one run. */
  record Outcome(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\nstdout: " + out + "\nstderr: " + err;
    }
  }

  /** {@code prims ARGS} through the real command line (so stress is a registered subcommand). */
  static Outcome cli(String... args) {
    return capture(PrimsCli.commandLine(), args);
  }

  /** {@code prims stress ARGS} on engines from {@code engines}. */
  static Outcome run(Supplier<Prims> engines, String... args) {
    return capture(new CommandLine(new StressCommand(engines)), args);
  }

  private static Outcome capture(CommandLine commandLine, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int code = commandLine.execute(args);
    return new Outcome(code, out.toString(), err.toString());
  }
}
