package dev.prims.opencl;

import java.util.List;

/**
 * Tuning of the reduce kernels: work-group size, how many elements each work-group of a tree
 * variant covers, and how many work-groups the grid-stride variants launch.
 *
 * <p>Measured on an NVIDIA H200 (2^28 floats on the device, see RESULTS-H200.md): vectorized
 * 4264-4337 GB/s (97-98% of CUB), multi-element 3658, complete-unroll 1716, unroll-last-warp 1669,
 * first-add 1577, sequential 852, interleaved-strided 673, interleaved-divergent 400.
 */
final class OpenClReducePolicy {
  /** Reduce variants, the default (fastest measured) first. */
  static final List<String> VARIANTS =
      List.of(
          "vectorized",
          "multi-element",
          "interleaved-divergent",
          "interleaved-strided",
          "sequential",
          "first-add",
          "unroll-last-warp",
          "complete-unroll");

  /** Work-items per work-group (a power of two, at least 64). */
  static final int BLOCK_SIZE = 256;

  /** Work-groups per compute unit for the grid-stride variants on a GPU. */
  static final int GPU_GROUPS_PER_COMPUTE_UNIT = 8;

  /** Work-groups per compute unit for the grid-stride variants on other devices. */
  static final int OTHER_GROUPS_PER_COMPUTE_UNIT = 4;

  private OpenClReducePolicy() {}

  /** Whether {@code variant} strides over the input with a fixed grid (two passes in all). */
  static boolean gridStride(String variant) {
    return variant.equals("vectorized") || variant.equals("multi-element");
  }

  /** Elements one work-group of a tree variant reduces: one or two per work-item. */
  static long elementsPerGroup(String variant) {
    switch (variant) {
      case "interleaved-divergent":
      case "interleaved-strided":
      case "sequential":
        return BLOCK_SIZE;
      default:
        return 2L * BLOCK_SIZE;
    }
  }

  /** Work-groups of a grid-stride pass over {@code n} elements ({@code perItem} each at least). */
  static long gridGroups(OpenClDevice device, long n, int perItem) {
    long wanted =
        (long) Math.max(1, device.computeUnits())
            * (device.gpu() ? GPU_GROUPS_PER_COMPUTE_UNIT : OTHER_GROUPS_PER_COMPUTE_UNIT);
    long needed = ceilDiv(n, (long) BLOCK_SIZE * perItem);
    return Math.max(1, Math.min(wanted, needed));
  }

  static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
