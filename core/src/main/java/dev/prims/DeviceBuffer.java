package dev.prims;

/**
 * Memory owned by one backend's device holding {@link #length()} elements of one {@link DType}.
 * Primitives run on buffers without moving data to the host. Closing twice is harmless; any other
 * use after close throws {@link IllegalStateException}.
 */
public interface DeviceBuffer extends AutoCloseable {
  /** Element type. */
  DType type();

  /** Number of elements (may exceed {@code Integer.MAX_VALUE} where the device allows). */
  long length();

  /** Id of the backend that owns this buffer. */
  String backend();

  /** Whether {@link #close()} has been called. */
  boolean isClosed();

  /** Frees the memory. Idempotent. */
  @Override
  void close();

  /**
   * @throws IllegalStateException if this buffer is closed
   */
  default void requireOpen() {
    if (isClosed()) {
      throw new IllegalStateException(
          "buffer of " + length() + " " + type().id() + " on " + backend() + " is closed");
    }
  }
}
