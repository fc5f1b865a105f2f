package dev.prims.cuda;

import java.util.List;

/** Tuning of the histogram kernels. {@code BLOCK_SIZE} mirrors {@code common.cuh}. */
final class CudaHistogramPolicy {
  static final int BLOCK_SIZE = 256;

  /** Blocks per SM of the grid-stride histogram kernels. */
  static final int BLOCKS_PER_SM = 8;

  /** Private sub-histograms per block in shared-atomics (one per warp spreads contention). */
  static final int SHARED_COPIES = 8;

  /**
   * Dynamic shared memory for the private counters: under the 48 KiB a block may use without opting
   * in, leaving room for the kernel's static shared memory.
   */
  static final int SHARED_BYTES = 47 * 1024;

  /** Largest bin count that shared-atomics handles (one 32-bit counter per bin). */
  static final int SHARED_MAX_BINS = SHARED_BYTES / 4;

  /** Keys one block sorts per tile in sort-reduce ({@code BLOCK_SIZE * SORT_ITEMS_PER_THREAD}). */
  static final int SORT_TILE = BLOCK_SIZE * 4;

  /** Variant names without the bulk-copy kernel, the default first. */
  static final List<String> VARIANTS = List.of("shared-atomics", "global-atomics", "sort-reduce");

  /** The bulk-copy kernel ({@code histogram_bulk.cu}, compute capability 9.0 and later). */
  static final String BULK = CudaReducePolicy.BULK;

  /**
   * Private counters of one bulk block ({@code BULK_HISTOGRAM_COUNTERS}): its largest bin count.
   */
  static final int BULK_MAX_BINS = 2048;

  /**
   * Largest bin count that bulk counts into one sub-histogram per lane ({@code BULK_LANE_MAX_BINS},
   * {@code histogram_bulk_lanes_<type>}): a warp's 32 atomics then fall in 32 banks. Above it, bulk
   * counts into per-warp sub-histograms.
   */
  static final int BULK_LANE_MAX_BINS = 256;

  private CudaHistogramPolicy() {}

  /**
   * The variants of a device, the default first: {@code bulk} leads where the device has bulk
   * copies. On an H100 (256 even bins, device time, 2026-11-25) it took 0.355 / 0.353 / 0.693 ms
   * for 2^28 floats / ints / doubles where shared-atomics took 0.369 / 0.358 / 0.705 ms, and 0.035
   * where shared-atomics took 0.041 ms for 2^24 floats.
   */
  static List<String> variants(boolean bulkCopies) {
    return CudaReducePolicy.withBulk(VARIANTS, bulkCopies);
  }

  /** Sub-histogram copies for {@code bins} bins that fit in {@link #SHARED_BYTES}. */
  static int copies(int bins) {
    return Math.max(1, Math.min(SHARED_COPIES, SHARED_BYTES / (4 * bins)));
  }

  /** Sub-histogram copies of a bulk block for {@code bins} (at most {@link #BULK_MAX_BINS}). */
  static int bulkCopies(int bins) {
    return Math.max(1, Math.min(SHARED_COPIES, BULK_MAX_BINS / bins));
  }
}
