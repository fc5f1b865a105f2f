package dev.prims.opencl;

import dev.prims.DType;

/**
 * Tuning of the segmented kernels (segment.cl, by_key.cl): work-group size and elements per
 * work-item, the CUDA backend's where the kernels are twins.
 */
final class OpenClSegmentPolicy {
  /** Work-items per work-group. */
  static final int BLOCK_SIZE = 256;

  /**
   * Consecutive elements per work-item of the segmented scan; a tile is {@code BLOCK_SIZE *
   * ITEMS_PER_THREAD}.
   */
  static final int ITEMS_PER_THREAD = 8;

  /** Elements per tile of the segmented scan. */
  static final long TILE = (long) BLOCK_SIZE * ITEMS_PER_THREAD;

  /**
   * Consecutive elements per work-item of the segmented reduce's tile pass held in private memory
   * (SEG_FLAT_ITEMS of segment.cl).
   */
  static final int FLAT_ITEMS_PER_THREAD = 16;

  /** Elements per tile of the segmented reduce's tile pass (SEG_FLAT_TILE of segment.cl). */
  static final long FLAT_TILE = (long) BLOCK_SIZE * FLAT_ITEMS_PER_THREAD;

  /** Longest segment one work-group reduces, and the chunk length of longer ones. */
  static final long BLOCK_MAX = 65536;

  /**
   * Longest segment a segmented arg-reduce of long segments on average gives one work-item; longer
   * segments take a work-group.
   */
  static final long ARG_THREAD_MAX = 256;

  /**
   * Bytes of the running (key, index) pair of a segmented arg-reduce's flat pass (argreduce.cl's
   * arg_pair): an int or long key and a ulong index.
   */
  static final long ARG_PAIR_BYTES = 16;

  /** Most work-groups of a segmented arg-reduce's pass over the long segments. */
  static final long ARG_BLOCK_GROUPS = 16384;

  /** Items per work-item of a by-key tile of 4-byte keys and values. */
  static final int BY_KEY_ITEMS_4 = 15;

  /** Items per work-item of a by-key tile where keys or values are 8 bytes. */
  static final int BY_KEY_ITEMS_8 = 11;

  /** Items per work-item of a by-key tile of {@code keys} and {@code values}. */
  static int byKeyItems(DType keys, DType values) {
    return keys.bytes() == 4 && values.bytes() == 4 ? BY_KEY_ITEMS_4 : BY_KEY_ITEMS_8;
  }

  private OpenClSegmentPolicy() {}
}
