package dev.prims.aparapi;

/**
 * A kernel each of whose work-groups writes one partial of a reduction (reduce, dot) for the host
 * to fold; launched by {@link DriverContext#foldPartials}.
 */
interface PartialsKernel {
  /**
   * Elements per work-item in a contiguous span (CPU devices), or 0 for a grid-strided slice (GPUs,
   * whose neighbouring work-items then read neighbouring elements).
   */
  void span(int span);

  /** The partials array, grown to at least {@code groups} elements. */
  Object partials(int groups);
}
