package dev.prims.cuda;

/**
 * Tuning of host-array transfers on the staged path: pinned staging slots reused across calls, the
 * bytes one slot holds (a chunk: copied in while the previous chunk is reduced); the copy from the
 * Java array into pinned memory is split over threads by {@link dev.prims.spi.StagingCopy}.
 */
final class CudaTransferPolicy {
  /**
   * Configuration key choosing the host-array path: {@code staged} (default) or {@code pageable}.
   */
  static final String HOST_PATH_KEY = "prims.cuda.hostpath";

  /** Pinned staging slots (and device chunk buffers): two, so one fills while one is reduced. */
  static final int SLOTS = 2;

  /** Bytes of one slot (a multiple of 16 so every chunk starts vector-aligned). */
  static final int CHUNK_BYTES = 32 << 20;

  /**
   * Uploads and downloads of host arrays at least this large go through the pinned slots on the
   * staged path; smaller ones are one pageable copy (no chunking, no thread hand-off).
   */
  static final long STAGED_MIN_BYTES = 1 << 20;

  private CudaTransferPolicy() {}

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

  /**
   * Elements of one input in a chunk when {@code inputs} arrays of {@code elementBytes} share it.
   */
  static int chunkElements(int inputs, int elementBytes) {
    return CHUNK_BYTES / (inputs * elementBytes) / 16 * 16;
  }
}
