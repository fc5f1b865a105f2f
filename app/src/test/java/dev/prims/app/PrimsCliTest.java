package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.BackendUnavailableException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class PrimsCliTest {
  @Test
  void helpListsTheCommands() {
    Cli r = Cli.run("--help");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().contains("info") && r.out().contains("run"), r.out());
  }

  @Test
  void runHelpShowsExamples() {
    Cli r = Cli.run("run", "--help");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().contains("prims run histogram"), r.out());
  }

  @Test
  void everyCommandPrintsTheVersion() {
    for (String command : PrimsCli.commandLine().getSubcommands().keySet()) {
      if (command.equals("help")) {
        continue;
      }
      Cli r = Cli.run(command, "--version");
      assertEquals(0, r.exitCode(), command + ": " + r);
      assertTrue(r.out().startsWith("prims "), command + " --version printed: " + r);
    }
  }

  @Test
  void argumentsWithLineBreaksOrControlCharactersStillGiveOneLine() {
    Cli r = Cli.run("run", "scan", "--n", "\n12\u0007", "--backend", "cpu");
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals(1, r.errLines(), r.toString());
    assertTrue(r.err().contains("'\\n12\\u0007'"), r.toString());
    r = Cli.run("run", "sc\nan\u0007", "--n", "1");
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals(1, r.errLines(), r.toString());
    assertTrue(r.err().contains("unknown primitive 'sc an\\u0007'"), r.toString());
  }

  @Test
  void noCommandIsAUsageError() {
    Cli r = Cli.run();
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals(1, r.errLines(), r.toString());
    assertTrue(r.err().startsWith("prims: missing command; expected one of "), r.err());
    assertTrue(r.err().contains("info") && r.err().contains("run"), r.err());
  }

  @Test
  void unknownOptionIsOneLine() {
    Cli r = Cli.run("run", "reduce", "--n", "5", "--bogus");
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals(1, r.errLines(), r.toString());
    assertTrue(r.err().contains("Unknown option: '--bogus'"), r.err());
    assertTrue(r.err().contains("'prims run --help'"), r.err());
  }

  @Test
  void malformedNumberIsOneLine() {
    Cli r = Cli.run("run", "reduce", "--n", "lots");
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals(1, r.errLines(), r.toString());
  }

  @Test
  void internalFailureIsExitOneWithTraceOnlyWhenVerbose() {
    Handled quiet = handle(false, new IllegalStateException("boom"));
    assertEquals(1, quiet.code());
    assertEquals(
        "prims: internal failure: java.lang.IllegalStateException: boom", quiet.err().strip());

    String verbose = handle(true, new IllegalStateException("boom")).err();
    assertTrue(verbose.lines().count() > 2, verbose);
    assertTrue(verbose.contains("at dev.prims.app.PrimsCliTest"), verbose);
  }

  @Test
  void badInputExceptionsAreExitTwo() {
    Handled handled = handle(true, new IllegalArgumentException("bins must be positive,\n got 0"));
    assertEquals(2, handled.code());
    assertEquals("prims: bins must be positive, got 0", handled.err().strip());
  }

  @Test
  void longMultiLineMessagesAreCutUnlessVerbose() {
    String report =
        "cuda: libcuda not found\n" + "\tat some.native.Loader(Loader.java:1)\n".repeat(40);
    Handled quiet = handle(false, new BackendUnavailableException("cuda", report));
    assertEquals(2, quiet.code());
    assertEquals(
        "prims: cuda: cuda: libcuda not found [cut; -v shows the whole message]",
        quiet.err().strip());

    String verbose = handle(true, new BackendUnavailableException("cuda", report)).err();
    assertEquals(41, verbose.strip().lines().count(), verbose);
  }

  /** The exit code FailureHandler gives an exception and what it wrote to stderr. */
  private record Handled(int code, String err) {}

  /** Hands {@code e} to a FailureHandler ({@code -v} when {@code verbose}) of the prims CLI. */
  private static Handled handle(boolean verbose, Exception e) {
    CommandLine commandLine = PrimsCli.commandLine();
    StringWriter err = new StringWriter();
    commandLine.setErr(new PrintWriter(err));
    int code = new FailureHandler(() -> verbose).handleExecutionException(e, commandLine, null);
    return new Handled(code, err.toString());
  }
}
