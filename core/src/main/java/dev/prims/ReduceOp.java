package dev.prims;

import java.util.Locale;

/**
 * Associative operators for reduce and scan.
 *
 * <p>{@link #SUM}, {@link #MIN} and {@link #MAX} work on every type; {@link #PROD} too; the bitwise
 * {@link #AND}, {@link #OR} and {@link #XOR} only on {@code int} and {@code long}. Integer
 * arithmetic wraps exactly like Java's. {@code MIN}/{@code MAX} follow {@link Math#min}/{@link
 * Math#max}: a NaN anywhere gives NaN, and {@code -0.0 < 0.0}.
 */
public enum ReduceOp {
  SUM,
  PROD,
  MIN,
  MAX,
  AND,
  OR,
  XOR;

  /** Whether this is one of the bitwise operators that exist only for integers. */
  public boolean isBitwise() {
    return this == AND || this == OR || this == XOR;
  }

  /** Whether an empty input has a value under this operator (all but MIN and MAX). */
  public boolean hasEmptyValue() {
    return this != MIN && this != MAX;
  }

  /** Whether this operator is defined for {@code type}. */
  public boolean supports(DType type) {
    return !isBitwise() || !type.isFloating();
  }

  /**
   * The identity element of this operator for {@code type}, boxed as that type: 0 for SUM, OR and
   * XOR, 1 for PROD, all ones for AND, the largest value (or +Infinity) for MIN, the smallest (or
   * -Infinity) for MAX. Exclusive scans start with it.
   */
  public Number identity(DType type) {
    switch (type) {
      case INT:
        switch (this) {
          case SUM:
          case OR:
          case XOR:
            return 0;
          case PROD:
            return 1;
          case AND:
            return -1;
          case MIN:
            return Integer.MAX_VALUE;
          default:
            return Integer.MIN_VALUE;
        }
      case LONG:
        switch (this) {
          case SUM:
          case OR:
          case XOR:
            return 0L;
          case PROD:
            return 1L;
          case AND:
            return -1L;
          case MIN:
            return Long.MAX_VALUE;
          default:
            return Long.MIN_VALUE;
        }
      case FLOAT:
        requireSupported(type);
        switch (this) {
          case SUM:
            return 0f;
          case PROD:
            return 1f;
          case MIN:
            return Float.POSITIVE_INFINITY;
          default:
            return Float.NEGATIVE_INFINITY;
        }
      default:
        requireSupported(type);
        switch (this) {
          case SUM:
            return 0d;
          case PROD:
            return 1d;
          case MIN:
            return Double.POSITIVE_INFINITY;
          default:
            return Double.NEGATIVE_INFINITY;
        }
    }
  }

  /**
   * @throws IllegalArgumentException if this operator is not defined for {@code type}
   */
  public void requireSupported(DType type) {
    if (!supports(type)) {
      throw new IllegalArgumentException(
          name() + " is only defined for int and long, not " + type.id());
    }
  }

  /** Lower-case name used in configuration, kernels and the CLI ({@code "sum"}). */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses an operator name such as {@code sum} (case-insensitive), listing the known ones. */
  public static ReduceOp parse(String id) {
    return Arguments.parseName(
        ReduceOp.class, id, "op", "one of sum, prod, min, max, and, or, xor");
  }
}
