package dev.prims;

import dev.prims.spi.Backend;

/**
 * Limits on the sizes a caller passes (bins, buffer lengths), checked before anything is allocated,
 * so that a size too large is an {@link IllegalArgumentException} naming the limit, never an {@link
 * OutOfMemoryError}.
 */
final class SizeLimits {
  /** The longest Java array the JVM allocates (a few header words below {@code 2^31 - 1}). */
  static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  private SizeLimits() {}

  /**
   * @throws IllegalArgumentException if {@code bins} is not in {@code [1, MAX_ARRAY_LENGTH]}
   */
  static void requireBins(int bins) {
    if (bins <= 0) {
      throw new IllegalArgumentException("bins must be positive, got " + bins);
    }
    if (bins > MAX_ARRAY_LENGTH) {
      throw new IllegalArgumentException(
          "bins must be at most "
              + MAX_ARRAY_LENGTH
              + " (the longest Java array of counts), got "
              + bins);
    }
  }

  /**
   * @throws IllegalArgumentException if {@code bytes} for {@code what} exceed the Java heap's
   *     maximum
   */
  static void requireHeap(long bytes, String what) {
    long max = Runtime.getRuntime().maxMemory();
    if (bytes > max) {
      throw new IllegalArgumentException(
          what
              + " needs "
              + bytes
              + " bytes, more than the Java heap's maximum of "
              + max
              + " bytes (-Xmx)");
    }
  }

  /**
   * @throws IllegalArgumentException if {@code length} elements of {@code type} for {@code what}
   *     overflow a byte count or exceed the memory of {@code backend}'s device (where it is known)
   */
  static void requireDeviceMemory(Backend backend, DType type, long length, String what) {
    if (length > Long.MAX_VALUE / type.bytes()) {
      throw new IllegalArgumentException(
          what + ": " + length + " " + type.id() + " elements overflow a 64-bit byte count");
    }
    long bytes = length * type.bytes();
    long memory = backend.device().memoryBytes();
    if (memory > 0 && bytes > memory) {
      throw new IllegalArgumentException(
          what
              + " needs "
              + bytes
              + " bytes, more than the "
              + memory
              + " bytes of "
              + backend.id()
              + "'s device "
              + backend.device().name());
    }
  }
}
