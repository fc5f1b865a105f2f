package dev.prims;

/** The null check of the facade's arguments, with the one message every call gives. */
final class Arguments {
  private Arguments() {}

  /**
   * Returns {@code value} when it is not null.
   *
   * @throws IllegalArgumentException "NAME must not be null" otherwise
   */
  static <T> T notNull(T value, String name) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    return value;
  }
}
