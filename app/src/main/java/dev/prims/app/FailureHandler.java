package dev.prims.app;

import dev.prims.BackendUnavailableException;
import dev.prims.PrimsException;
import java.io.PrintWriter;
import java.util.function.BooleanSupplier;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns an exception from a command into an exit code and one line on stderr: bad input ({@link
 * BadInputException}, {@link IllegalArgumentException}, a backend that cannot run here) exits with
 * 2; anything else is an internal failure, exit 1, with the stack trace under {@code -v}.
 */
final class FailureHandler implements IExecutionExceptionHandler {
  private final BooleanSupplier verbose;

  FailureHandler(BooleanSupplier verbose) {
    this.verbose = verbose;
  }

  @Override
  public int handleExecutionException(
      Exception ex, CommandLine commandLine, ParseResult parseResult) {
    PrintWriter err = commandLine.getErr();
    int code;
    if (isBadInput(ex)) {
      err.println("prims: " + oneLine(ex.getMessage() == null ? ex.toString() : ex.getMessage()));
      code = PrimsCli.EXIT_BAD_INPUT;
    } else {
      err.println("prims: internal failure: " + oneLine(describe(ex)));
      if (verbose.getAsBoolean()) {
        ex.printStackTrace(err);
      }
      code = PrimsCli.EXIT_INTERNAL;
    }
    err.flush();
    return code;
  }

  private static boolean isBadInput(Throwable ex) {
    return ex instanceof BadInputException
        || ex instanceof IllegalArgumentException
        || ex instanceof BackendUnavailableException;
  }

  private static String describe(Throwable ex) {
    if (ex instanceof PrimsException && ex.getMessage() != null) {
      return ex.getMessage();
    }
    return ex.toString();
  }

  private static String oneLine(String message) {
    return message.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
