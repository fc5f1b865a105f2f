package dev.prims;

import java.util.Objects;

/**
 * An arg-min or arg-max result: the first extreme element's value (with its bits, so a NaN keeps
 * its payload) and its index, with the {@link Provenance} of the call.
 */
public final class ArgResult {
  private final Scalar value;
  private final long index;

  public ArgResult(DType type, Number value, long index, Provenance provenance) {
    this.value = new Scalar(type, value, provenance);
    if (index < 0) {
      throw new IllegalArgumentException("index must not be negative, got " + index);
    }
    this.index = index;
  }

  /** Index of the element in the input. */
  public long index() {
    return index;
  }

  /** The element, typed as the input. */
  public Scalar value() {
    return value;
  }

  public DType type() {
    return value.type();
  }

  public Provenance provenance() {
    return value.provenance();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ArgResult other
        && index == other.index
        && value.type() == other.value.type()
        && Objects.equals(value.value(), other.value.value());
  }

  @Override
  public int hashCode() {
    return Objects.hash(index, value.value());
  }

  @Override
  public String toString() {
    return value.value() + " at " + index + " (" + type().id() + ", " + provenance() + ")";
  }
}
