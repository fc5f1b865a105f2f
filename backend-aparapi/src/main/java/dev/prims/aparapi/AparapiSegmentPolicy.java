package dev.prims.aparapi;

/** Tuning of the segmented kernels: elements per work-item's chunk and work-items per group. */
final class AparapiSegmentPolicy {
  /** Elements each work-item walks. */
  static final int CHUNK = 4096;

  /** Work-items per group. */
  static final int BLOCK_SIZE = 64;

  private AparapiSegmentPolicy() {}
}
