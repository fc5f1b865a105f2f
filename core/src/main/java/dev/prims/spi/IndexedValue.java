package dev.prims.spi;

/**
 * An element and its index, as an {@link ArgReducer} returns it: {@code value} boxed as the input's
 * type ({@code Integer}, {@code Long}, {@code Float} or {@code Double}, with the element's bits),
 * {@code index} in {@code [0, length)}.
 */
public record IndexedValue(Number value, long index) {
  public IndexedValue {
    java.util.Objects.requireNonNull(value, "value");
    if (index < 0) {
      throw new IllegalArgumentException("index must not be negative, got " + index);
    }
  }
}
