package dev.prims.aparapi;

/** What the moments driver needs of a typed moments kernel. */
interface MomentsKernel {
  /** Sets the input and its length. */
  void bind(Object a, int n);

  /** Elements per work-item in a contiguous span (CPU devices), or 0 for a grid-strided slice. */
  void span(int span);

  /**
   * The per-work-item sums, grown (with the counts) to at least {@code items} work-items: four
   * doubles each (shift, sum, sum of squares, unused) for floating inputs, eight longs (the exact
   * words) for integers.
   */
  Object sums(int items);

  /** The per-work-item element counts. */
  int[] counts();
}
