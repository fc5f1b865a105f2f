package dev.prims.opencl;

import java.util.List;

/** Tuning of the dot kernel. */
final class OpenClDotPolicy {
  /** Dot variants, the default first. */
  static final List<String> VARIANTS = List.of("vectorized");

  /** Work-items per work-group. */
  static final int BLOCK_SIZE = 256;

  private OpenClDotPolicy() {}
}
