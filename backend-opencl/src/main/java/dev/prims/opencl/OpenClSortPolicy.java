package dev.prims.opencl;

/**
 * Tuning of the radix sort (sort.cl), the same numbers as the CUDA twin's {@code CudaSortPolicy}. A
 * tile is {@link #BLOCK_SIZE} times {@link #ITEMS_PER_THREAD} keys; its local sort counts ranks in
 * 16-bit fields, so a tile holds fewer than 65536 keys.
 */
final class OpenClSortPolicy {
  /** The variant: least-significant-digit radix sort. */
  static final String LSD_RADIX = "lsd-radix";

  /** Work-items per work-group. */
  static final int BLOCK_SIZE = 256;

  /** Keys per work-item in a tile. */
  static final int ITEMS_PER_THREAD = 8;

  /** Keys per tile. */
  static final int TILE = BLOCK_SIZE * ITEMS_PER_THREAD;

  /** Bits of one pass's digit. */
  static final int DIGIT_BITS = 8;

  /** Digits of one pass. */
  static final int RADIX = 1 << DIGIT_BITS;

  /** Most work-groups of the grid-stride pass that turns radix bits back into keys. */
  static final long MAX_TRANSFORM_GROUPS = 4096;

  /** The output slots are 32-bit: a sort takes fewer keys than this. */
  static final long MAX_KEYS = 1L << 32;

  private OpenClSortPolicy() {}

  /** Tiles of {@code n} keys. */
  static long tiles(long n) {
    return OpenClReducePolicy.ceilDiv(n, TILE);
  }

  /** Work-groups of a grid-stride pass over {@code n} keys. */
  static long transformGroups(long n) {
    return Math.max(1, Math.min(MAX_TRANSFORM_GROUPS, OpenClReducePolicy.ceilDiv(n, BLOCK_SIZE)));
  }
}
