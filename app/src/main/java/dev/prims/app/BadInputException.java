package dev.prims.app;

/** Bad input or usage found by a command (a missing file, a wrong option); exit code 2. */
public class BadInputException extends RuntimeException {
  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
