package dev.prims;

/**
 * A failure inside a backend (a kernel that does not build, a failed launch, device memory
 * exhausted). Bad input is an {@link IllegalArgumentException} instead. The message names the
 * backend.
 */
public class PrimsException extends RuntimeException {
  private final String backend;

  public PrimsException(String backend, String message) {
    this(backend, message, null);
  }

  public PrimsException(String backend, String message, Throwable cause) {
    super(backend + ": " + message, cause);
    this.backend = backend;
  }

  /** Id of the backend that failed. */
  public String backend() {
    return backend;
  }
}
