package dev.prims.aparapi;

/**
 * A kernel each of whose work-items writes its own results over its share of one input (arg-reduce,
 * moments), for the host to combine; launched by {@link DriverContext#perItem}.
 */
interface PerItemKernel {
  /** Elements per work-item in a contiguous span (CPU devices), or 0 for a grid-strided slice. */
  void span(int span);

  /**
   * The arrays the work-items write, grown to at least {@code items} work-items, to copy back to
   * the host after the launch.
   */
  Object[] outputs(int items);
}
