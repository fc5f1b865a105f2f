package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.spi.DeviceSegmenter;

/**
 * Tuning of the segmented kernels (block_segment.cuh, block_segment_flat.cuh,
 * block_segment_blocks.cuh, block_by_key.cuh) where it is CUDA's own, mirroring their constants;
 * the numbers both twins share are {@link DeviceSegmenter}'s.
 */
final class CudaSegmentPolicy {
  /** Consecutive elements per thread (SEG_ITEMS). */
  static final int ITEMS_PER_THREAD = 11;

  /** Elements per tile (SEG_TILE). */
  static final long TILE = (long) DeviceSegmenter.BLOCK_SIZE * ITEMS_PER_THREAD;

  /**
   * Items per thread of a scan-by-key tile of int keys and 8-byte values (BY_KEY_ITEMS_8 in
   * segment_scan_by_key_int.cu), more than the shared {@link DeviceSegmenter#BY_KEY_ITEMS_8}.
   */
  static final int SCAN_BY_KEY_INT_ITEMS_8 = 13;

  /** Elements per by-key tile of {@code keys} and {@code values}, of a scan or a reduce. */
  static long byKeyTile(DType keys, DType values, boolean scan) {
    int items =
        scan && keys.bytes() == 4 && values.bytes() == 8
            ? SCAN_BY_KEY_INT_ITEMS_8
            : DeviceSegmenter.byKeyItems(keys, values, scan);
    return (long) DeviceSegmenter.BLOCK_SIZE * items;
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
