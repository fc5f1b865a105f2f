package dev.prims.cuda;

/** Tuning of the reproducible-mode fold kernels ({@code fold.cu}). */
final class CudaFoldPolicy {
  static final int BLOCK_SIZE = 256;

  /** Most resident blocks per SM of the fold kernels. */
  static final int BLOCKS_PER_SM = 8;

  /** Folds the kernels take parameters for ({@code MAX_FOLDS}); unused ones are zero. */
  static final int MAX_FOLDS = 4;

  /** Floats one warp folds per tile in the one-pass sum ({@code FOLD_TILE}). */
  static final int ONE_PASS_TILE = 512;

  /** Warps per block ({@code WARPS_PER_BLOCK}). */
  static final int WARPS_PER_BLOCK = BLOCK_SIZE / 32;

  /**
   * Elements per warp of the one-pass sum: an even share of {@code n} over {@code warps}, a
   * multiple of the tile (so every warp's range starts 16-byte aligned).
   */
  static long onePassPerWarp(long n, long warps) {
    long tiles = (n + ONE_PASS_TILE - 1) / ONE_PASS_TILE;
    return Math.max(1, (tiles + warps - 1) / warps) * ONE_PASS_TILE;
  }

  private CudaFoldPolicy() {}
}
