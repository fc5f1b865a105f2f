package dev.prims.app;

import java.io.PrintWriter;
import java.util.Map;
import java.util.function.Consumer;
import org.jline.nativ.CLibrary;

/**
 * Progress on stderr: whether it is an interactive terminal (for progress bars), progress lines.
 */
public final class Terminal {
  private static final int STDERR = 2;

  private Terminal() {}

  /**
   * True when stderr is a terminal (JLine's native {@code isatty(2)}, already in the jar for the
   * progress bar) and the environment is no CI ({@code CI} unset or {@code false}) and no dumb
   * terminal. Where JLine's native library cannot load, {@code System.console() != null} decides.
   */
  public static boolean stderrIsInteractive() {
    return interactive(System.getenv(), stderrIsTty());
  }

  /** Prints each line to {@code err} after {@code "<command>: "}, flushed at once. */
  public static Consumer<String> progressLines(PrintWriter err, String command) {
    return line -> {
      err.println(command + ": " + line);
      err.flush();
    };
  }

  static boolean interactive(Map<String, String> env, boolean tty) {
    String ci = env.getOrDefault("CI", "");
    boolean inCi = !ci.isEmpty() && !ci.equalsIgnoreCase("false");
    return tty && !inCi && !"dumb".equals(env.get("TERM"));
  }

  private static boolean stderrIsTty() {
    try {
      return CLibrary.isatty(STDERR) == 1;
    } catch (LinkageError | RuntimeException e) {
      return System.console() != null;
    }
  }
}
