package dev.prims.cuda;

import dev.prims.DType;
import java.util.List;

/**
 * Tuning of the scan kernels. {@code BLOCK_SIZE} and the items per thread mirror {@code BLOCK_SIZE}
 * and {@code SCAN_ITEMS_PER_THREAD_4/_8} in {@code common.cuh}. Measured on an H200 (float
 * inclusive sum of 2^28 elements, decoupled look-back): 15 items per thread 0.80 ms, 19 0.74 ms, 23
 * 0.72 ms, 31 0.70 ms; the polling delay made no difference beyond noise. On an H100 (double
 * inclusive sum of 2^27 elements, states in one 16-byte word): 15 items 0.797 ms, 19 0.812 ms, 23
 * 0.777 ms (CUB 0.826 ms); 23 is the most that fits the 48 KiB of static shared memory.
 */
final class CudaScanPolicy {
  static final int BLOCK_SIZE = 256;

  /** Items per thread of a tile of 4-byte elements ({@code SCAN_ITEMS_PER_THREAD_4}). */
  static final int ITEMS_PER_THREAD_4 = 31;

  /** Items per thread of a tile of 8-byte elements ({@code SCAN_ITEMS_PER_THREAD_8}). */
  static final int ITEMS_PER_THREAD_8 = 23;

  /**
   * Bytes from one tile's look-back state to the next (LOOKBACK_STATE_BYTES in block_lookback.cuh),
   * for the scans, the select and the by-key passes: one 128-byte L2 line a tile, so that
   * neighbouring tiles do not poll and publish on one line. The scans' and select's first line
   * holds the tile counter.
   */
  static final long LOOKBACK_STATE_BYTES = 128;

  /** Nanoseconds a look-back warp sleeps between polls of a tile that is not ready yet. */
  static final int LOOKBACK_DELAY_NS = 0;

  /** Elements per block of the Hillis-Steele kernel (one per thread). */
  static final int HILLIS_STEELE_BLOCK = BLOCK_SIZE;

  /** Elements per block of the Blelloch kernel (two per thread). */
  static final int BLELLOCH_BLOCK = 2 * BLOCK_SIZE;

  /**
   * Most blocks per SM of the reduce-then-scan passes (each block walks a contiguous range); the
   * occupancy of the down-sweep kernel may allow fewer.
   */
  static final int REDUCE_THEN_SCAN_BLOCKS_PER_SM = 8;

  /** Blocks per SM of the grid-stride offset-adding kernel. */
  static final int ADD_BLOCKS_PER_SM = 8;

  /**
   * Variant names without the bulk-copy look-back, the default first. On compute capability 9.0 and
   * later {@code bulk} (the decoupled look-back with each whole tile loaded and stored by one bulk
   * copy) leads: on an H100, inclusive sums of 2^28 floats took 0.817 ms against 0.869 ms for
   * {@code decoupled-lookback} and CUB's 0.875 ms (2^27 doubles: 0.777, 0.781 and 0.832 ms).
   */
  static final List<String> VARIANTS =
      List.of("decoupled-lookback", "reduce-then-scan", "blelloch", "hillis-steele");

  private CudaScanPolicy() {}

  /** The variants of a device, the default first: {@code bulk} leads where it has bulk copies. */
  static List<String> variants(boolean bulkCopies) {
    return CudaReducePolicy.withBulk(VARIANTS, bulkCopies);
  }

  /** Items each thread scans sequentially in a tile of {@code type}. */
  static int itemsPerThread(DType type) {
    return type.bytes() == 4 ? ITEMS_PER_THREAD_4 : ITEMS_PER_THREAD_8;
  }

  /** Elements per tile of the look-back kernels (bulk and per-thread) and reduce-then-scan. */
  static int tile(DType type) {
    return BLOCK_SIZE * itemsPerThread(type);
  }
}
