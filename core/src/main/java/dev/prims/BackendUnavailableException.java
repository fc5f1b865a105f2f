package dev.prims;

/** No configured backend could be used; the message gives each one's reason. */
public class BackendUnavailableException extends PrimsException {
  public BackendUnavailableException(String backend, String message) {
    super(backend, message);
  }

  public BackendUnavailableException(String backend, String message, Throwable cause) {
    super(backend, message, cause);
  }
}
