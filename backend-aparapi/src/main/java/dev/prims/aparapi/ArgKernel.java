package dev.prims.aparapi;

/** What the arg-reduce driver needs of a typed arg kernel. */
interface ArgKernel extends PerItemKernel {
  /** Sets the input, its length and the operator ({@code min}: arg-min, else arg-max). */
  void bind(Object a, int n, boolean min);

  /** The per-work-item values array, grown (with the index array) to at least {@code items}. */
  Object values(int items);

  /** The per-work-item indices (-1 for a work-item without elements). */
  int[] index();

  @Override
  default Object[] outputs(int items) {
    return new Object[] {values(items), index()};
  }
}
