package dev.prims;

import java.util.Locale;

/** The four primitives; their ids name configuration keys such as {@code prims.reduce.variant}. */
public enum Primitive {
  REDUCE,
  SCAN,
  HISTOGRAM,
  DOT;

  private final String id = name().toLowerCase(Locale.ROOT);
  private final String variantKey = "prims." + id + ".variant";

  /** Lower-case id ({@code "reduce"}). */
  public String id() {
    return id;
  }

  /** The configuration key that selects this primitive's algorithm variant. */
  public String variantKey() {
    return variantKey;
  }
}
