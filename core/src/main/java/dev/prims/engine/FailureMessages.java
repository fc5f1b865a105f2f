package dev.prims.engine;

/**
 * Messages of exceptions as they are reported: never {@code null} or empty. An exception without a
 * message is described by its type and what was being done when it was thrown.
 */
public final class FailureMessages {
  private FailureMessages() {}

  /**
   * The message of {@code e}, or, when it has none, "{@code IllegalArgumentException} (no message)
   * while {@code context}".
   */
  public static String describe(Throwable e, String context) {
    String message = e.getMessage();
    if (message != null && !message.isBlank()) {
      return message;
    }
    return e.getClass().getSimpleName() + " (no message) while " + context;
  }

  /** The type and message of {@code e} ("{@code IllegalStateException: driver exploded"}). */
  public static String withType(Throwable e, String context) {
    String message = e.getMessage();
    if (message != null && !message.isBlank()) {
      return e.getClass().getName() + ": " + message;
    }
    return describe(e, context);
  }
}
