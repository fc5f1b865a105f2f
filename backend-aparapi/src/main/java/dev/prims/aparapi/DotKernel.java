package dev.prims.aparapi;

/** What the dot driver needs of a typed dot kernel. */
interface DotKernel {
  /** Sets both inputs and their common length. */
  void bind(Object a, Object b, int n);

  /** The partials array, grown to at least {@code groups} elements. */
  Object partials(int groups);
}
