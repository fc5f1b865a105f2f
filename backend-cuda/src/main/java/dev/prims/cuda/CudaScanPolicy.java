package dev.prims.cuda;

import java.util.List;

/**
 * Tuning of the scan kernels. {@code BLOCK_SIZE} and {@code ITEMS_PER_THREAD} mirror {@code
 * BLOCK_SIZE} and {@code SCAN_ITEMS_PER_THREAD} in {@code common.cuh}.
 */
final class CudaScanPolicy {
  static final int BLOCK_SIZE = 256;

  /** Elements each thread scans sequentially in a tile ({@code SCAN_ITEMS_PER_THREAD}). */
  static final int ITEMS_PER_THREAD = 15;

  /** Elements per tile of the decoupled look-back and reduce-then-scan kernels. */
  static final int TILE = BLOCK_SIZE * ITEMS_PER_THREAD;

  /** Nanoseconds a look-back warp sleeps between polls of a tile that is not ready yet. */
  static final int LOOKBACK_DELAY_NS = 128;

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

  /** Variant names, the default first. */
  static final List<String> VARIANTS =
      List.of("decoupled-lookback", "reduce-then-scan", "blelloch", "hillis-steele");

  private CudaScanPolicy() {}
}
