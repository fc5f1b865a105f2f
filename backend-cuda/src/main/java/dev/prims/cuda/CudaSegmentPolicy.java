package dev.prims.cuda;

/**
 * Tuning of the segmented kernels (block_segment.cuh, block_segment_flat.cuh), mirroring their
 * constants: threads per block and consecutive elements per thread.
 */
final class CudaSegmentPolicy {
  /** Threads per block (BLOCK_SIZE of common.cuh). */
  static final int BLOCK_SIZE = 256;

  /** Consecutive elements per thread (SEG_ITEMS). */
  static final int ITEMS_PER_THREAD = 11;

  /** Elements per tile (SEG_TILE). */
  static final long TILE = (long) BLOCK_SIZE * ITEMS_PER_THREAD;

  /** Consecutive elements per thread of the segmented reduce held in registers (SEG_FLAT_ITEMS). */
  static final int FLAT_ITEMS_PER_THREAD = 16;

  /** Elements per tile of the segmented reduce held in registers (SEG_FLAT_TILE). */
  static final long FLAT_TILE = (long) BLOCK_SIZE * FLAT_ITEMS_PER_THREAD;

  private CudaSegmentPolicy() {}
}
