package dev.prims.cuda;

import java.util.List;

/**
 * Tuning of the reduce kernels: block size, grid sizes and elements per block of each variant. The
 * kernel-side constants ({@code BLOCK_SIZE}, {@code REDUCE_UNROLL} in {@code common.cuh}) must
 * match; {@code bulk} exists only on devices of compute capability 9.0 and later. Measured on an
 * H200 (float sum of 2^28 elements): 2, 4 or 8 loads in flight, even share or grid stride, 4 or 8
 * blocks per SM all ran in 0.241-0.248 ms, within noise of each other.
 */
final class CudaReducePolicy {
  /** Threads per block ({@code BLOCK_SIZE} in the kernels). */
  static final int BLOCK_SIZE = 256;

  /** Vector loads in flight per thread in the vectorised kernel ({@code REDUCE_UNROLL}). */
  static final int UNROLL = 4;

  /**
   * Whether the vectorised kernel gives each block one contiguous chunk (even share, as CUB does)
   * rather than striding over the whole input with the grid.
   */
  static final boolean EVEN_SHARE = true;

  /** Resident blocks per SM for the grid-stride kernels (256 threads x 8 = 2048 per SM). */
  static final int BLOCKS_PER_SM = 8;

  /**
   * Bulk-copy kernel ({@code reduce_bulk.cu}, compute capability 9.0 and later): shared-memory
   * stages per block and bytes per stage ({@code BULK_STAGES}, {@code BULK_STAGE_BYTES}).
   */
  static final int BULK_STAGES = 2;

  static final int BULK_STAGE_BYTES = 32 * 1024;

  /** Dynamic shared memory of one bulk-copy block. */
  static final int BULK_SHARED_BYTES = BULK_STAGES * BULK_STAGE_BYTES;

  /**
   * Variant names without the bulk-copy kernel, the default first. On an H100 (sums of 2^28 floats,
   * ints or doubles, device time) {@code bulk} took 0.342 ms where {@code vectorized} took 0.350
   * and CUB 0.348; at 2^16 to 2^24 floats the two were within 0.3 microseconds of each other.
   */
  static final List<String> VARIANTS =
      List.of(
          "vectorized",
          "shuffle",
          "multi-element",
          "complete-unroll",
          "unroll-last-warp",
          "first-add",
          "sequential",
          "interleaved-strided",
          "interleaved-divergent");

  private CudaReducePolicy() {}

  /** Elements of each input in one tile of a bulk-copy kernel over {@code inputs} arrays. */
  static long bulkTileElements(int elementBytes, int inputs) {
    return BULK_STAGE_BYTES / inputs / elementBytes;
  }

  /**
   * The variants of a device, the default first: {@code bulk} leads where the device has bulk
   * copies.
   */
  static List<String> variants(boolean bulkCopies) {
    return withBulk(VARIANTS, bulkCopies);
  }

  /** The name of the bulk-copy variants (reduce, scan, dot, histogram, and arg-reduce's choice). */
  static final String BULK = "bulk";

  /** {@code variants} with {@code bulk} in front where the device has bulk copies. */
  static List<String> withBulk(List<String> variants, boolean bulkCopies) {
    if (!bulkCopies) {
      return variants;
    }
    List<String> all = new java.util.ArrayList<>(variants.size() + 1);
    all.add(BULK);
    all.addAll(variants);
    return List.copyOf(all);
  }

  /**
   * Blocks of a bulk-copy kernel over {@code inputs} arrays of {@code n} elements of {@code
   * elementBytes} (a stage holds one tile of each, {@link #bulkTileElements}): one per whole tile,
   * at most {@code resident}, at least one (which reads a short input directly).
   */
  static int bulkBlocks(long n, int elementBytes, int inputs, int resident) {
    long tiles = n / bulkTileElements(elementBytes, inputs);
    return (int) Math.max(1, Math.min(tiles, resident));
  }

  /** Elements one block of a multi-pass variant covers per pass (before grid-stride looping). */
  static int elementsPerBlock(String variant) {
    switch (variant) {
      case "interleaved-divergent":
      case "interleaved-strided":
      case "sequential":
      case "shuffle":
        return BLOCK_SIZE;
      default:
        return 2 * BLOCK_SIZE;
    }
  }

  /** Whether the variant loops over the input with a fixed grid (rather than one tile a block). */
  static boolean gridStride(String variant) {
    return variant.equals("multi-element") || variant.equals("shuffle");
  }

  /**
   * Blocks for one pass of a multi-pass variant over {@code n} elements; grid-stride variants use
   * at most {@code resident} blocks (those that fit on the device at once).
   */
  static long passBlocks(String variant, long n, int resident) {
    long blocks = ceilDiv(n, elementsPerBlock(variant));
    return gridStride(variant) ? Math.min(blocks, resident) : blocks;
  }

  /** Blocks of the vectorised single-pass kernel for {@code n} elements of {@code width} lanes. */
  static int vectorizedBlocks(long n, int width, int resident) {
    long blocks = ceilDiv(ceilDiv(n, width), BLOCK_SIZE);
    return (int) Math.max(1, Math.min(blocks, resident));
  }

  /**
   * Vectors per block for an even share of {@code vectors} over {@code blocks} blocks: a multiple
   * of what one block loads per unrolled step.
   */
  static long chunkVectors(long vectors, int blocks, int unroll) {
    long step = (long) BLOCK_SIZE * unroll;
    return Math.max(1, ceilDiv(ceilDiv(vectors, blocks), step)) * step;
  }

  static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
