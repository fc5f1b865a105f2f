package dev.prims.opencl;

import dev.prims.spi.DeviceSegmenter;

/**
 * Tuning of the segmented kernels (segment.cl) where it is OpenCL's own; the numbers both twins
 * share are {@link DeviceSegmenter}'s.
 */
final class OpenClSegmentPolicy {
  /**
   * Consecutive elements per work-item of the segmented scan; a tile is {@code BLOCK_SIZE *
   * ITEMS_PER_THREAD}.
   */
  static final int ITEMS_PER_THREAD = 8;

  /** Elements per tile of the segmented scan. */
  static final long TILE = (long) DeviceSegmenter.BLOCK_SIZE * ITEMS_PER_THREAD;

  private OpenClSegmentPolicy() {}
}
