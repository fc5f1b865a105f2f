package dev.prims.cuda;

import dev.prims.DType;

/**
 * Tuning of the segmented kernels (block_segment.cuh, block_segment_flat.cuh,
 * block_segment_blocks.cuh, block_by_key.cuh), mirroring their constants: threads per block and
 * consecutive elements per thread.
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

  /** Longest segment one block reduces, and the chunk length of longer ones (SEG_BLOCK_MAX). */
  static final long BLOCK_MAX = 65536;

  /**
   * Longest segment a segmented arg-reduce of long segments on average gives one thread
   * (SEG_ARG_THREAD_MAX); longer segments take a block.
   */
  static final long ARG_THREAD_MAX = 256;

  /**
   * Bytes of a segmented arg-reduce's running (key, index) pair (ArgPair of block_segment_arg.cuh):
   * an int or long key and a long index.
   */
  static final long ARG_PAIR_BYTES = 16;

  /** Most blocks of a segmented arg-reduce's pass over the long segments. */
  static final long ARG_BLOCK_GROUPS = 16384;

  /** Items per thread of a by-key tile of 4-byte keys and values (BY_KEY_ITEMS_4). */
  static final int BY_KEY_ITEMS_4 = 15;

  /**
   * Items per thread of a scan-by-key tile of int keys and 4-byte values
   * (segment_scan_by_key_int.cu).
   */
  static final int SCAN_BY_KEY_ITEMS_4 = 23;

  /** Items per thread of a by-key tile where keys or values are 8 bytes (BY_KEY_ITEMS_8). */
  static final int BY_KEY_ITEMS_8 = 11;

  /** Elements per by-key tile of {@code keys} and {@code values}, of a scan or a reduce. */
  static long byKeyTile(DType keys, DType values, boolean scan) {
    boolean narrow = keys.bytes() == 4 && values.bytes() == 4;
    int items = !narrow ? BY_KEY_ITEMS_8 : scan ? SCAN_BY_KEY_ITEMS_4 : BY_KEY_ITEMS_4;
    return (long) BLOCK_SIZE * items;
  }

  /** The configuration key that picks the segmented reduce's tile pass. */
  static final String VARIANT_KEY = "prims.cuda.segment.variant";

  /** Tiles held in registers (segment_reduce_flat.cu), the default. */
  static final String REGISTERS = "segmented-registers";

  /** Tiles staged through shared memory (segment_reduce.cu), as the segmented scans run. */
  static final String FLAT = "segmented-flat";

  private CudaSegmentPolicy() {}

  /** Whether {@code value} of {@link #VARIANT_KEY} (null: unset) holds the tiles in registers. */
  static boolean registers(String value) {
    if (value == null || value.equals(REGISTERS)) {
      return true;
    }
    if (value.equals(FLAT)) {
      return false;
    }
    throw new IllegalArgumentException(
        VARIANT_KEY + " must be " + REGISTERS + " or " + FLAT + ", got '" + value + "'");
  }
}
