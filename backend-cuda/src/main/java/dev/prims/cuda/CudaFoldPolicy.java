package dev.prims.cuda;

/** Tuning of the reproducible-mode fold kernels ({@code fold.cu}). */
final class CudaFoldPolicy {
  static final int BLOCK_SIZE = 256;

  /** Most resident blocks per SM of the fold kernels. */
  static final int BLOCKS_PER_SM = 8;

  /** Folds the kernels take parameters for ({@code MAX_FOLDS}); unused ones are zero. */
  static final int MAX_FOLDS = 3;

  private CudaFoldPolicy() {}
}
