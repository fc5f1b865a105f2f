package dev.prims.aparapi;

/** What the segmented arg-reduce driver needs of a typed segmented arg kernel. */
interface SegmentArgKernel {
  /**
   * Sets the input, the starts of its {@code pieces} non-empty pieces (and their end, {@code
   * starts[pieces]}) and the operator ({@code min}: arg-min, else arg-max); grows the index array.
   */
  void bind(Object a, int[] starts, int pieces, boolean min);

  /** The index of each piece's first extreme element. */
  int[] index();
}
