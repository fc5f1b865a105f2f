package dev.prims.opencl;

import dev.prims.spi.BackendContext;

/**
 * Tuning of host-array transfers: whether they go through pinned staging ({@code
 * CL_MEM_ALLOC_HOST_PTR} buffers mapped once, reused across calls) or straight from the Java array
 * (the driver's pageable path), how many bytes one staging slot holds (a chunk), and from what size
 * an array takes the staged path.
 */
record OpenClTransferPolicy(boolean staged, int chunkBytes) {
  /**
   * Configuration key choosing the host-array path: {@code staged} (default) or {@code pageable}.
   */
  static final String HOST_PATH_KEY = "prims.opencl.hostpath";

  /** Configuration key of the bytes of one staging slot (a multiple of 16). */
  static final String CHUNK_KEY = "prims.opencl.stagingChunkBytes";

  /**
   * Staging slots: two, so one fills (and its chunk is counted) while the other crosses the link.
   */
  static final int SLOTS = 2;

  /** Bytes of one slot by default. */
  static final int CHUNK_BYTES = 32 << 20;

  /** Smallest slot allowed (tests use small slots to cross many chunk edges). */
  static final int MIN_CHUNK_BYTES = 4096;

  /** Largest slot allowed. */
  static final int MAX_CHUNK_BYTES = 1 << 30;

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
    String value = context.get(CHUNK_KEY, Integer.toString(CHUNK_BYTES)).trim();
    int chunk;
    try {
      chunk = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      chunk = -1;
    }
    if (chunk < MIN_CHUNK_BYTES || chunk > MAX_CHUNK_BYTES || chunk % 16 != 0) {
      throw new IllegalArgumentException(
          CHUNK_KEY
              + " must be a multiple of 16 from "
              + MIN_CHUNK_BYTES
              + " to "
              + MAX_CHUNK_BYTES
              + ", got "
              + value);
    }
    return new OpenClTransferPolicy(path.equals("staged"), chunk);
  }

  /** Whether a host array of {@code bytes} goes through the staging slots. */
  boolean stages(long bytes) {
    return staged && bytes >= Math.min(STAGED_MIN_BYTES, chunkBytes);
  }

  /**
   * Elements of one input in a chunk when {@code inputs} arrays of {@code elementBytes} share it.
   */
  int chunkElements(int inputs, int elementBytes) {
    return chunkBytes / (inputs * elementBytes) / 16 * 16;
  }
}
