package dev.prims.cuda;

import java.util.List;

/**
 * Tuning of the dot kernels: {@code vectorized} has the vectorised reduce's shape; {@code bulk}
 * (compute capability 9.0 and later) streams half a bulk-reduce stage of each input.
 */
final class CudaDotPolicy {
  static final int BLOCK_SIZE = 256;

  /** Resident blocks per SM. */
  static final int BLOCKS_PER_SM = 8;

  /** Variant names without the bulk-copy kernel, the default first. */
  static final List<String> VARIANTS = List.of("vectorized");

  private CudaDotPolicy() {}

  /** The variants of a device, the default first: {@code bulk} leads where it has bulk copies. */
  static List<String> variants(boolean bulkCopies) {
    return CudaReducePolicy.withBulk(VARIANTS, bulkCopies);
  }
}
