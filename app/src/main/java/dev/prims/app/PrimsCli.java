package dev.prims.app;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.bridge.SLF4JBridgeHandler;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code prims} command line: {@code info}, {@code run} and the commands listed below.
 *
 * <p>Exit codes: 0 success; 2 bad input or usage, with one line on stderr; 1 internal failure, with
 * one line on stderr and the stack trace too under {@code -v}.
 */
@Command(
    name = "prims",
    mixinStandardHelpOptions = true,
    versionProvider = PrimsCli.Version.class,
    description =
        "Portable parallel primitives (reduce, scan, histogram, dot) on CUDA, OpenCL,"
            + " Aparapi and the CPU.",
    subcommands = {
      CommandLine.HelpCommand.class,
      InfoCommand.class,
      RunCommand.class,
      CalibrateCommand.class,
      dev.prims.app.bench.BenchCommand.class,
      dev.prims.app.bench.LadderCommand.class,
      dev.prims.app.conformance.ConformanceCommand.class,
      dev.prims.app.stress.StressCommand.class,
    })
public final class PrimsCli implements Runnable {
  /** Exit code for bad input or usage. */
  public static final int EXIT_BAD_INPUT = 2;

  /** Exit code for an internal failure. */
  public static final int EXIT_INTERNAL = 1;

  private static final String GUICE_BYTECODE = "guice_bytecode_gen_option";

  private boolean verbose;

  @Option(
      names = {"-v", "--verbose"},
      scope = ScopeType.INHERIT,
      description = "Debug logging on stderr, and stack traces for internal failures.")
  void setVerbose(boolean verbose) {
    this.verbose = verbose;
    if (verbose) {
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "debug");
    }
  }

  /** Whether {@code -v} was given. */
  public boolean verbose() {
    return verbose;
  }

  @Spec private CommandSpec spec;

  @Override
  public void run() {
    List<String> commands = new ArrayList<>(spec.subcommands().keySet());
    commands.remove("help");
    throw new ParameterException(
        spec.commandLine(), "missing command; expected one of " + String.join(", ", commands));
  }

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) {
    // Guice generates classes only for AOP, which prims does not use; that generation calls
    // sun.misc.Unsafe, which JDK 24+ warns about on stderr
    if (System.getProperty(GUICE_BYTECODE) == null) {
      System.setProperty(GUICE_BYTECODE, "DISABLED");
    }
    routeJavaUtilLogging();
    System.exit(commandLine().execute(args));
  }

  /** A configured command line (exit codes and error handlers set); used by main and tests. */
  public static CommandLine commandLine() {
    PrimsCli cli = new PrimsCli();
    CommandLine commandLine = new CommandLine(cli);
    commandLine.setParameterExceptionHandler(
        (ex, args) -> {
          PrintWriter err = ex.getCommandLine().getErr();
          err.println(
              "prims: "
                  + FailureHandler.oneLine(String.valueOf(ex.getMessage()))
                  + " (see 'prims "
                  + subcommandPath(ex.getCommandLine())
                  + "--help')");
          err.flush();
          return EXIT_BAD_INPUT;
        });
    commandLine.setExecutionExceptionHandler(new FailureHandler(cli::verbose));
    // every command's --version (from mixinStandardHelpOptions) prints the version, not nothing
    for (CommandLine sub : commandLine.getSubcommands().values()) {
      sub.getCommandSpec().versionProvider(new Version());
    }
    return commandLine;
  }

  private static String subcommandPath(CommandLine commandLine) {
    StringBuilder path = new StringBuilder();
    for (CommandLine c = commandLine; c.getParent() != null; c = c.getParent()) {
      path.insert(0, c.getCommandName() + " ");
    }
    return path.toString();
  }

  private static void routeJavaUtilLogging() {
    SLF4JBridgeHandler.removeHandlersForRootLogger();
    SLF4JBridgeHandler.install();
  }

  /** The version from the jar manifest, or "development" when run from classes. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = PrimsCli.class.getPackage().getImplementationVersion();
      return new String[] {
        "prims " + (v == null ? "development" : v),
        "Java "
            + System.getProperty("java.version")
            + " ("
            + System.getProperty("java.vendor")
            + ")"
      };
    }
  }
}
