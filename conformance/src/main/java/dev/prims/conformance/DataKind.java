package dev.prims.conformance;

import java.util.Locale;

/** The shapes of input data the conformance suite feeds every primitive. */
public enum DataKind {
  /** Uniform random values (integers over their whole range, so sums wrap). */
  RANDOM,
  /** One value repeated. */
  CONSTANT,
  /** Random magnitudes with alternating signs (heavy cancellation). */
  ALTERNATING,
  /** Type extremes: MIN/MAX values, huge floats, subnormals, signed zeros. */
  EXTREME,
  /** Random floating values with NaNs (and an infinity) mixed in; integers have no NaN. */
  NAN;

  /**
   * The kinds every non-default variant is checked on: random data, constant data (the worst case
   * for a floating sum's error, so an understated chain shows) and NaN. The largest size is checked
   * with random data only.
   */
  public static final java.util.Set<DataKind> VARIANT_SUBSET =
      java.util.EnumSet.of(RANDOM, CONSTANT, NAN);

  /** Lower-case name for test display. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether this kind applies to integer data ({@link #NAN} does not). */
  public boolean appliesToIntegers() {
    return this != NAN;
  }
}
