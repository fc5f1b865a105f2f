package dev.prims.cuda;

import java.util.List;

/** Tuning of the dot kernel (the vectorised reduce's shape). */
final class CudaDotPolicy {
  static final int BLOCK_SIZE = 256;

  /** Resident blocks per SM. */
  static final int BLOCKS_PER_SM = 8;

  /** Variant names, the default first. */
  static final List<String> VARIANTS = List.of("vectorized");

  private CudaDotPolicy() {}
}
