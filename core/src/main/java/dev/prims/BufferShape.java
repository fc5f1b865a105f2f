package dev.prims;

/**
 * The type-and-length checks of a buffer that a call writes or reads beside its input: exactly as
 * long (sort and select outputs, select flags, top-k outputs) or at least as long (segmented,
 * by-key and unique outputs).
 */
final class BufferShape {
  private BufferShape() {}

  /**
   * Checks that {@code buffer} holds {@code type} with exactly {@code length} elements.
   *
   * @throws IllegalArgumentException "NAME must be TYPE of length LENGTH, got ..." otherwise
   */
  static void require(String name, DeviceBuffer buffer, DType type, long length) {
    require(name, buffer, type, length, type.id() + " of length " + length);
  }

  /**
   * Checks that {@code buffer} holds {@code type} with exactly {@code length} elements.
   *
   * @throws IllegalArgumentException "NAME must be WANTED, got TYPE of length LENGTH" otherwise
   */
  static void require(String name, DeviceBuffer buffer, DType type, long length, String wanted) {
    if (buffer.type() != type || buffer.length() != length) {
      throw mismatch(name, wanted, buffer, " of length ");
    }
  }

  /**
   * Checks that {@code buffer} holds {@code type} with at least {@code length} elements.
   *
   * @throws IllegalArgumentException "NAME must be TYPE with at least LENGTH elements, got TYPE
   *     with LENGTH" otherwise
   */
  static void requireAtLeast(String name, DeviceBuffer buffer, DType type, long length) {
    if (buffer.type() != type || buffer.length() < length) {
      throw mismatch(name, type.id() + " with at least " + length + " elements", buffer, " with ");
    }
  }

  private static IllegalArgumentException mismatch(
      String name, String wanted, DeviceBuffer buffer, String lengthWord) {
    return new IllegalArgumentException(
        name + " must be " + wanted + ", got " + buffer.type().id() + lengthWord + buffer.length());
  }
}
