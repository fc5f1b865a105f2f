package dev.prims.app;

import dev.prims.BackendUnavailableException;
import dev.prims.PrimsException;
import dev.prims.engine.FailureMessages;
import java.io.PrintWriter;
import java.util.Locale;
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
  private static final int MAX_LINE = 400;
  private static final String PREFIX = "prims: ";

  private final BooleanSupplier verbose;

  FailureHandler(BooleanSupplier verbose) {
    this.verbose = verbose;
  }

  @Override
  public int handleExecutionException(
      Exception ex, CommandLine commandLine, ParseResult parseResult) {
    PrintWriter err = commandLine.getErr();
    boolean badInput = isBadInput(ex);
    boolean ownMessage = badInput || ex instanceof PrimsException;
    String context = "running prims " + commandLine.getCommandName();
    String message =
        ownMessage ? FailureMessages.describe(ex, context) : FailureMessages.withType(ex, context);
    String shown = verbose.getAsBoolean() ? shown(message) : oneLine(shown(message));
    err.println(PREFIX + (badInput ? "" : "internal failure: ") + shown);
    if (!badInput && verbose.getAsBoolean()) {
      ex.printStackTrace(err);
    }
    err.flush();
    return badInput ? PrimsCli.EXIT_BAD_INPUT : PrimsCli.EXIT_INTERNAL;
  }

  /**
   * The message on one line; a long one (such as a native loader's report with stack traces) is cut
   * to its first line unless {@code -v} was given.
   */
  private String shown(String message) {
    message = message.strip();
    if (message.startsWith(
        PREFIX)) { // an engine-wide failure (PrimsException with backend "prims")
      message = message.substring(PREFIX.length());
    }
    String[] lines = message.split("\\s*\\R\\s*");
    String joined = String.join(" ", lines);
    if (joined.length() <= MAX_LINE) {
      return joined;
    }
    if (verbose.getAsBoolean()) {
      return message.strip();
    }
    String first = lines[0].length() <= MAX_LINE ? lines[0] : lines[0].substring(0, MAX_LINE);
    return first + " [cut; -v shows the whole message]";
  }

  /**
   * {@code message} on one line: line breaks and other control characters (which may come from the
   * arguments themselves) are shown escaped, {@code \\n} or {@code \\u0007}.
   */
  static String oneLine(String message) {
    StringBuilder line = new StringBuilder(message.length());
    message
        .codePoints()
        .forEach(
            c -> {
              if (c == '\n') {
                line.append("\\n");
              } else if (c == '\r') {
                line.append("\\r");
              } else if (c == '\t') {
                line.append("\\t");
              } else if (Character.isISOControl(c)
                  || Character.getType(c) == Character.LINE_SEPARATOR
                  || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
                line.append(String.format(Locale.ROOT, "\\u%04x", c));
              } else {
                line.appendCodePoint(c);
              }
            });
    return line.toString();
  }

  private static boolean isBadInput(Throwable ex) {
    return ex instanceof BadInputException
        || ex instanceof IllegalArgumentException
        || ex instanceof BackendUnavailableException;
  }
}
