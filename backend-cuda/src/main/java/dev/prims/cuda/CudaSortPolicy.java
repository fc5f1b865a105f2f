package dev.prims.cuda;

/**
 * Tuning of the radix sort ({@code device/sort.cu}, whose {@code ITEMS_PER_THREAD} and {@code
 * DIGIT_BITS} it mirrors, as {@code BLOCK_SIZE} mirrors {@code common.cuh}); the same numbers as
 * the OpenCL twin's {@code OpenClSortPolicy}. A tile's local sort counts ranks in 16-bit fields, so
 * a tile holds fewer than 65536 keys.
 */
final class CudaSortPolicy {
  /** The variant: least-significant-digit radix sort. */
  static final String LSD_RADIX = "lsd-radix";

  /** Threads per block. */
  static final int BLOCK_SIZE = 256;

  /** Keys per thread in a tile. */
  static final int ITEMS_PER_THREAD = 8;

  /** Keys per tile. */
  static final int TILE = BLOCK_SIZE * ITEMS_PER_THREAD;

  /** Bits of one pass's digit. */
  static final int DIGIT_BITS = 8;

  /** Digits of one pass. */
  static final int RADIX = 1 << DIGIT_BITS;

  /** Most blocks of the grid-stride pass that turns radix bits back into keys. */
  static final long MAX_TRANSFORM_BLOCKS = 4096;

  /** The output slots are 32-bit: a sort takes fewer keys than this. */
  static final long MAX_KEYS = 1L << 32;

  private CudaSortPolicy() {}

  /** Tiles of {@code n} keys. */
  static long tiles(long n) {
    return CudaReducePolicy.ceilDiv(n, TILE);
  }

  /** Blocks of a grid-stride pass over {@code n} keys. */
  static long transformBlocks(long n) {
    return Math.max(1, Math.min(MAX_TRANSFORM_BLOCKS, CudaReducePolicy.ceilDiv(n, BLOCK_SIZE)));
  }
}
