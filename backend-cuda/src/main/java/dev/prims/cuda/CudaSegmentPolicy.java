package dev.prims.cuda;

/**
 * Tuning of the segmented kernels (block_segment.cuh), mirroring its constants: threads per block
 * and consecutive elements per thread.
 */
final class CudaSegmentPolicy {
  /** Threads per block (BLOCK_SIZE of common.cuh). */
  static final int BLOCK_SIZE = 256;

  /** Consecutive elements per thread (SEG_ITEMS). */
  static final int ITEMS_PER_THREAD = 11;

  /** Elements per tile (SEG_TILE). */
  static final long TILE = (long) BLOCK_SIZE * ITEMS_PER_THREAD;

  private CudaSegmentPolicy() {}
}
