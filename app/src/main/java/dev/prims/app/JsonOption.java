package dev.prims.app;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * The {@code --json [FILE]} option of every command: with FILE the JSON report is written there
 * (the text is printed as usual); without FILE (or with {@code -}) the JSON goes to stdout instead
 * of the text.
 */
public final class JsonOption {
  private static final String STDOUT = "-";

  @Option(
      names = "--json",
      arity = "0..1",
      paramLabel = "FILE",
      fallbackValue = STDOUT,
      description =
          "The JSON report: written to FILE (the text is printed too), or without FILE on stdout"
              + " instead of the text.")
  private String target;

  /** Something that prints the text report. */
  @FunctionalInterface
  public interface Text {
    void print() throws IOException;
  }

  /** Whether {@code --json} was given at all. */
  public boolean requested() {
    return target != null;
  }

  /**
   * Prints {@code text}, or {@code json} on stdout instead, and writes {@code json} to the file;
   * {@code json} is built only when needed. A file that cannot be written is a {@link
   * BadInputException}.
   */
  public void emit(PrintWriter out, Text text, Supplier<String> json) throws IOException {
    if (STDOUT.equals(target)) {
      out.println(json.get());
      out.flush();
      return;
    }
    text.print();
    out.flush();
    if (target != null) {
      Path file = Path.of(target);
      try {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
          Files.createDirectories(parent);
        }
        Files.writeString(file, json.get() + System.lineSeparator());
      } catch (IOException | java.nio.file.InvalidPathException e) {
        throw new BadInputException("cannot write " + target + ": " + e, e);
      }
    }
  }
}
