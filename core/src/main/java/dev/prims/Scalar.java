package dev.prims;

import java.util.Objects;

/** A reduce or dot result: one value of the input's type, with its {@link Provenance}. */
public final class Scalar {
  private final DType type;
  private final Number value;
  private final Provenance provenance;

  public Scalar(DType type, Number value, Provenance provenance) {
    this.type = Objects.requireNonNull(type, "type");
    this.value = Objects.requireNonNull(value, "value");
    this.provenance = Objects.requireNonNull(provenance, "provenance");
  }

  public DType type() {
    return type;
  }

  /**
   * The value boxed as its type ({@code Integer}, {@code Long}, {@code Float} or {@code Double}).
   */
  public Number value() {
    return value;
  }

  /** The value of an int result. */
  public int asInt() {
    require(DType.INT);
    return value.intValue();
  }

  /** The value of an int or long result. */
  public long asLong() {
    if (type != DType.INT) {
      require(DType.LONG);
    }
    return value.longValue();
  }

  /** The value of a float result. */
  public float asFloat() {
    require(DType.FLOAT);
    return value.floatValue();
  }

  /** The value widened to double (exact for int and float; may round a long). */
  public double asDouble() {
    return value.doubleValue();
  }

  public Provenance provenance() {
    return provenance;
  }

  private void require(DType expected) {
    if (type != expected) {
      throw new IllegalStateException("result is " + type.id() + ", not " + expected.id());
    }
  }

  @Override
  public String toString() {
    return value + " (" + type.id() + ", " + provenance + ")";
  }
}
