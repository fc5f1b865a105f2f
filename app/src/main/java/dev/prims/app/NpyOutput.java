package dev.prims.app;

import dev.prims.app.npy.NpyWriter;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes an array that {@code prims run} was asked for ({@code --output}, {@code --indices}...).
 */
final class NpyOutput {
  private NpyOutput() {}

  /**
   * Writes {@code array} to {@code file} as .npy and returns the file's name for the report.
   *
   * @throws BadInputException when the file cannot be written
   */
  static String write(Path file, Object array) {
    try {
      NpyWriter.write(file, array);
    } catch (IOException e) {
      throw new BadInputException("cannot write " + file + ": " + e, e);
    }
    return file.toString();
  }
}
