package dev.prims.aparapi;

/** What the moments driver needs of a typed moments kernel. */
interface MomentsKernel extends PerItemKernel {
  /** Sets the input and its length. */
  void bind(Object a, int n);

  /**
   * The per-work-item sums, grown (with the counts) to at least {@code items} work-items: four
   * doubles each (shift, sum, sum of squares, unused) for floating inputs, eight longs (the exact
   * words) for integers.
   */
  Object sums(int items);

  /** The per-work-item element counts. */
  int[] counts();

  @Override
  default Object[] outputs(int items) {
    return new Object[] {sums(items), counts()};
  }
}
