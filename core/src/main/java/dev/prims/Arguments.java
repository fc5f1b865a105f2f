package dev.prims;

/**
 * The checks of the facade's arguments with the one message every call gives: null arguments, and
 * the names of the public enums.
 */
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

  /**
   * The constant of {@code type} named {@code id} (case-insensitive, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException "unknown WHAT 'ID'; expected EXPECTED" when there is none
   */
  static <E extends Enum<E>> E parseName(Class<E> type, String id, String what, String expected) {
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(id.trim())) {
        return e;
      }
    }
    throw new IllegalArgumentException("unknown " + what + " '" + id + "'; expected " + expected);
  }
}
