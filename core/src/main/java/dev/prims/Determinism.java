package dev.prims;

import java.util.Locale;

/**
 * How floating-point sums, dots and scans may be ordered.
 *
 * <p>{@link #FAST}: any order, within the backend's stated error bound. {@link #REPRODUCIBLE}:
 * bitwise-identical results on every backend, device and launch shape.
 */
public enum Determinism {
  FAST,
  REPRODUCIBLE;

  /** Parses {@code fast} or {@code reproducible} (case-insensitive). */
  public static Determinism parse(String id) {
    return Arguments.parseName(Determinism.class, id, "determinism", "fast or reproducible");
  }

  /** Lower-case name used in configuration. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
