package dev.prims.opencl;

import dev.prims.DType;
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

  /**
   * Key: {@code false} leaves the registers of NVIDIA's by-key builds to the compiler instead of
   * {@link #byKeyRegisters}.
   */
  static final String REGISTER_CAP_KEY = "prims.opencl.byKey.registerCap";

  /** Registers of an NVIDIA streaming multiprocessor (every architecture since Kepler). */
  private static final int NVIDIA_REGISTERS_PER_SM = 65536;

  /**
   * Registers per work-item NVIDIA's compiler may give a by-key kernel of {@code keys} and {@code
   * values} ({@code -cl-nv-maxrregcount}), so that as many work-groups fit a multiprocessor as the
   * CUDA twins' {@code __launch_bounds__} ask for int keys (block_by_key.cuh,
   * segment_scan_by_key_int.cu): two for the scan of 4-byte keys and values (23 items each), three
   * where values are 8 bytes, else four. Long keys get the same caps here, though cuda's long-key
   * reduce-by-key runs one block fewer per multiprocessor (segment_reduce_by_key_long.cu: its
   * kernels spill at these bounds).
   */
  static int byKeyRegisters(DType keys, DType values, boolean scan) {
    boolean narrow = keys.bytes() == 4 && values.bytes() == 4;
    int groups = narrow && scan ? 2 : values.bytes() == 8 ? 3 : 4;
    return NVIDIA_REGISTERS_PER_SM / (DeviceSegmenter.BLOCK_SIZE * groups) / 8 * 8;
  }

  private OpenClSegmentPolicy() {}
}
