package dev.prims.app.bench;

import dev.prims.app.PrimsCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the prims command line in this JVM with captured stdout and stderr. */
record CommandRun(int exitCode, String out, String err) {
  static CommandRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = PrimsCli.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int code = commandLine.execute(args);
    return new CommandRun(code, out.toString(), err.toString());
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\nstdout: " + out + "\nstderr: " + err;
  }
}
