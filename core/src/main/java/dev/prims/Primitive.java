package dev.prims;

import java.util.Locale;

/** The four primitives; their ids name configuration keys such as {@code prims.reduce.variant}. */
public enum Primitive {
  REDUCE,
  SCAN,
  HISTOGRAM,
  DOT;

  /** Lower-case id ({@code "reduce"}). */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The configuration key that selects this primitive's algorithm variant. */
  public String variantKey() {
    return "prims." + id() + ".variant";
  }
}
