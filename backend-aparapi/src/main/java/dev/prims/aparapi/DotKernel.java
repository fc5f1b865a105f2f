package dev.prims.aparapi;

/** What the dot driver needs of a typed dot kernel. */
interface DotKernel extends PartialsKernel {
  /**
   * Sets both inputs and their common length; {@code b} null for the dot of {@code a} with itself
   * (one array must not be bound to two fields: Aparapi copies a changed array to the first only).
   */
  void bind(Object a, Object b, int n);
}
