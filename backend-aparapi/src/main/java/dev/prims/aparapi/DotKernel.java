package dev.prims.aparapi;

/** What the dot driver needs of a typed dot kernel. */
interface DotKernel {
  /**
   * Sets both inputs and their common length; {@code b} null for the dot of {@code a} with itself
   * (one array must not be bound to two fields: Aparapi copies a changed array to the first only).
   */
  void bind(Object a, Object b, int n);

  /**
   * Elements per work-item in a contiguous span (CPU devices), or 0 for a grid-strided slice (GPUs,
   * whose neighbouring work-items then read neighbouring elements).
   */
  void span(int span);

  /** The partials array, grown to at least {@code groups} elements. */
  Object partials(int groups);
}
