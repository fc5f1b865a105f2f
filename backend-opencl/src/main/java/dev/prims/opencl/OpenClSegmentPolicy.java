package dev.prims.opencl;

/** Tuning of the segmented kernels (segment.cl): work-group size and elements per work-item. */
final class OpenClSegmentPolicy {
  /** Work-items per work-group. */
  static final int BLOCK_SIZE = 256;

  /** Consecutive elements per work-item; a tile is {@code BLOCK_SIZE * ITEMS_PER_THREAD}. */
  static final int ITEMS_PER_THREAD = 8;

  /** Elements per tile. */
  static final long TILE = (long) BLOCK_SIZE * ITEMS_PER_THREAD;

  private OpenClSegmentPolicy() {}
}
