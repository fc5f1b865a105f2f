package dev.prims.aparapi;

/**
 * What the reducer needs of a typed reduce kernel: binding its arguments and the array of one
 * partial per work-group it writes.
 */
interface ReduceKernel {
  /** Sets the input array, its length, the operator code and the operator's identity. */
  void bind(Object input, int n, int op, Number identity);

  /**
   * Elements per work-item in a contiguous span (CPU devices), or 0 for a grid-strided slice (GPUs,
   * whose neighbouring work-items then read neighbouring elements).
   */
  void span(int span);

  /** The partials array, grown to at least {@code groups} elements. */
  Object partials(int groups);
}
