package dev.prims.opencl;

import dev.prims.spi.BackendContext;
import dev.prims.spi.StagingPolicy;

/**
 * Tuning of host-array transfers: whether they go through pinned staging ({@code
 * CL_MEM_ALLOC_HOST_PTR} buffers mapped once, reused across calls) or straight from the Java array
 * (the driver's pageable path), and the staging's slots, slot bytes and copier threads ({@link
 * StagingPolicy} under {@code prims.opencl}).
 */
record OpenClTransferPolicy(boolean staged, StagingPolicy staging) {
  /**
   * Configuration key choosing the host-array path: {@code staged} (default) or {@code pageable}.
   */
  static final String HOST_PATH_KEY = "prims.opencl.hostpath";

  /** Prefix of the staging keys. */
  static final String PREFIX = "prims.opencl";

  /** Configuration key of the bytes of one staging slot (a multiple of 16). */
  static final String CHUNK_KEY = StagingPolicy.chunkKey(PREFIX);

  /** Configuration key of the number of staging slots. */
  static final String SLOTS_KEY = StagingPolicy.slotsKey(PREFIX);

  /** Configuration key of the number of copier threads. */
  static final String THREADS_KEY = StagingPolicy.threadsKey(PREFIX);

  /**
   * Host arrays at least this large take the staged path; smaller ones are one pageable copy (no
   * chunking, no thread hand-off).
   */
  static final long STAGED_MIN_BYTES = 1 << 20;

  /** The policy {@code context} asks for. */
  static OpenClTransferPolicy of(BackendContext context) {
    String path = context.get(HOST_PATH_KEY, "staged").trim();
    if (!path.equals("staged") && !path.equals("pageable")) {
      throw new IllegalArgumentException(
          HOST_PATH_KEY + " must be staged or pageable, got '" + path + "'");
    }
    return new OpenClTransferPolicy(path.equals("staged"), StagingPolicy.of(context, PREFIX));
  }

  /** Bytes of one slot. */
  int chunkBytes() {
    return staging.chunkBytes();
  }

  /** Staging slots. */
  int slots() {
    return staging.slots();
  }

  /** Whether a host array of {@code bytes} goes through the staging slots. */
  boolean stages(long bytes) {
    return staged && bytes >= Math.min(STAGED_MIN_BYTES, staging.chunkBytes());
  }

  /**
   * Elements of one input in a chunk when {@code inputs} arrays of {@code elementBytes} share it.
   */
  int chunkElements(int inputs, int elementBytes) {
    return staging.chunkElements(inputs, elementBytes);
  }
}
