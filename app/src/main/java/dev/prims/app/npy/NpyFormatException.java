package dev.prims.app.npy;

import java.io.IOException;

/** A file that is not a NumPy {@code .npy} array prims can read; the message says why. */
public class NpyFormatException extends IOException {
  public NpyFormatException(String message) {
    super(message);
  }
}
