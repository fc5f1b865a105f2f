package dev.prims.cuda;

import dev.prims.spi.BackendContext;
import dev.prims.spi.StagingPolicy;

/**
 * Tuning of host-array transfers: whether they go through pinned staging slots reused across calls
 * ({@code staged}) or one pageable copy, and the staging's slots, slot bytes and copier threads
 * ({@link StagingPolicy} under {@code prims.cuda}).
 */
record CudaTransferPolicy(boolean staged, StagingPolicy staging) {
  /**
   * Configuration key choosing the host-array path: {@code staged} (default) or {@code pageable}.
   */
  static final String HOST_PATH_KEY = "prims.cuda.hostpath";

  /** Prefix of the staging keys ({@code prims.cuda.stagingChunkBytes} and its siblings). */
  static final String PREFIX = "prims.cuda";

  /**
   * Uploads and downloads of host arrays at least this large go through the pinned slots on the
   * staged path; smaller ones are one pageable copy (no chunking, no thread hand-off).
   */
  static final long STAGED_MIN_BYTES = 1 << 20;

  /**
   * The CUDA staging by default: eight slots of 8 MiB. On the H100 host (16 cores, 2^28 floats,
   * 2026-11-25) a scan into the caller's array took 35.2 ms with them against 41.2-51.5 ms with
   * four of 16 MiB, while reduce, dot and histogram stayed within noise (21.0 / 42.2 / 21.2 ms
   * against 21.2 / 41.6 / 21.4 ms); 4 MiB, 32 MiB or 64 MiB slots, 2, 12 or 16 slots and 4 or 16
   * copier threads were slower.
   */
  static StagingPolicy stagingDefaults() {
    return new StagingPolicy(8 << 20, 8, StagingPolicy.defaultThreads());
  }

  /** The staged path with the default staging. */
  static CudaTransferPolicy defaults() {
    return new CudaTransferPolicy(true, stagingDefaults());
  }

  /** The policy {@code context} asks for. */
  static CudaTransferPolicy of(BackendContext context) {
    return new CudaTransferPolicy(
        staged(context.get(HOST_PATH_KEY).orElse(null)),
        StagingPolicy.of(context, PREFIX, stagingDefaults()));
  }

  /** Whether {@code value} of {@link #HOST_PATH_KEY} selects the staged path. */
  static boolean staged(String value) {
    if (value == null || value.equals("staged")) {
      return true;
    }
    if (value.equals("pageable")) {
      return false;
    }
    throw new IllegalArgumentException(
        HOST_PATH_KEY + " must be staged or pageable, got '" + value + "'");
  }

  /** Whether a host array of {@code bytes} goes through the staging slots. */
  boolean stages(long bytes) {
    return staged && bytes >= STAGED_MIN_BYTES;
  }

  /**
   * Elements of one input in a chunk when {@code inputs} arrays of {@code elementBytes} share it.
   */
  int chunkElements(int inputs, int elementBytes) {
    return staging.chunkElements(inputs, elementBytes);
  }
}
