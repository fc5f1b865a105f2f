package dev.prims;

/**
 * Which end of the order {@link Prims#topK(int[], int, TopKOrder)} takes: the k smallest values in
 * ascending order, or the k largest in descending order. Floating values are ordered as {@link
 * Float#compare} orders them ({@code -0.0} below {@code +0.0}, NaN above {@code +Infinity}); equal
 * values come by lower index first.
 */
public enum TopKOrder {
  SMALLEST,
  LARGEST;

  /** The sort order the k values come in. */
  public SortOrder sortOrder() {
    return this == SMALLEST ? SortOrder.ASCENDING : SortOrder.DESCENDING;
  }
}
