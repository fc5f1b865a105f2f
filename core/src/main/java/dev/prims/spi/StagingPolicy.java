package dev.prims.spi;

/**
 * Tuning of a GPU backend's staged host-array path: the bytes of one pinned staging slot (a chunk),
 * how many slots a pipeline cycles through, and how many threads copy between Java arrays and the
 * slots. Read from {@code <prefix>.stagingChunkBytes}, {@code <prefix>.stagingSlots} and {@code
 * <prefix>.stagingThreads} (prefix {@code prims.cuda} or {@code prims.opencl}).
 *
 * <p>The defaults follow the H100 host's figures (16 cores, 2026-11-25): the copy from a Java array
 * into pinned memory peaked at 43 GB/s with 12 threads and fell with more; four slots of 16 MiB
 * keep a scan's fill, upload, kernel, download and drain of four chunks in flight while the first
 * and last chunk (the pipeline's fill and drain, not overlapped) stay short.
 *
 * @param chunkBytes bytes of one slot, a multiple of 16 from {@link #MIN_CHUNK_BYTES} to {@link
 *     #MAX_CHUNK_BYTES}
 * @param slots pinned slots, from 2 to {@link #MAX_SLOTS}
 * @param threads copier threads, from 1 to {@link #MAX_THREADS}
 */
public record StagingPolicy(int chunkBytes, int slots, int threads) {
  /** Bytes of one slot by default (the CUDA backend's own default: {@code 8 MiB}). */
  public static final int CHUNK_BYTES = 16 << 20;

  /** Slots by default (the CUDA backend's own default: 8). */
  public static final int SLOTS = 4;

  /** Copier threads by default, at most (and no more than the processors). */
  public static final int THREADS = 12;

  /** Smallest slot allowed (tests use small slots to cross many chunk edges). */
  public static final int MIN_CHUNK_BYTES = 4096;

  /** Largest slot allowed. */
  public static final int MAX_CHUNK_BYTES = 1 << 30;

  /** Most slots allowed. */
  public static final int MAX_SLOTS = 16;

  /** Most copier threads allowed. */
  public static final int MAX_THREADS = 256;

  public StagingPolicy {
    if (chunkBytes < MIN_CHUNK_BYTES || chunkBytes > MAX_CHUNK_BYTES || chunkBytes % 16 != 0) {
      throw new IllegalArgumentException(
          "staging chunk bytes must be a multiple of 16 from "
              + MIN_CHUNK_BYTES
              + " to "
              + MAX_CHUNK_BYTES
              + ", got "
              + chunkBytes);
    }
    if (slots < 2 || slots > MAX_SLOTS) {
      throw new IllegalArgumentException(
          "staging slots must be from 2 to " + MAX_SLOTS + ", got " + slots);
    }
    if (threads < 1 || threads > MAX_THREADS) {
      throw new IllegalArgumentException(
          "staging threads must be from 1 to " + MAX_THREADS + ", got " + threads);
    }
  }

  /** The defaults on this machine. */
  public static StagingPolicy defaults() {
    return new StagingPolicy(CHUNK_BYTES, SLOTS, defaultThreads());
  }

  /** {@link #THREADS}, or the processors when fewer. */
  public static int defaultThreads() {
    return Math.min(THREADS, Runtime.getRuntime().availableProcessors());
  }

  /** The key of the slot bytes under {@code prefix}. */
  public static String chunkKey(String prefix) {
    return prefix + ".stagingChunkBytes";
  }

  /** The key of the slot count under {@code prefix}. */
  public static String slotsKey(String prefix) {
    return prefix + ".stagingSlots";
  }

  /** The key of the copier threads under {@code prefix}. */
  public static String threadsKey(String prefix) {
    return prefix + ".stagingThreads";
  }

  /**
   * The policy {@code context} asks for under {@code prefix}; a bad value is an {@link
   * IllegalArgumentException} naming the key, its allowed range and the value.
   */
  public static StagingPolicy of(BackendContext context, String prefix) {
    return of(context, prefix, defaults());
  }

  /**
   * The policy {@code context} asks for under {@code prefix}, {@code fallback}'s values where it
   * sets none; a bad value is an {@link IllegalArgumentException} naming the key, its allowed range
   * and the value.
   */
  public static StagingPolicy of(BackendContext context, String prefix, StagingPolicy fallback) {
    String chunkKey = chunkKey(prefix);
    long chunk;
    try {
      chunk = context.integer(chunkKey, fallback.chunkBytes(), MIN_CHUNK_BYTES, MAX_CHUNK_BYTES);
    } catch (IllegalArgumentException e) {
      chunk = -1;
    }
    if (chunk < 0 || chunk % 16 != 0) {
      throw new IllegalArgumentException(
          chunkKey
              + " must be a multiple of 16 in ["
              + MIN_CHUNK_BYTES
              + ", "
              + MAX_CHUNK_BYTES
              + "], got '"
              + context.get(chunkKey).orElse("").trim()
              + "'");
    }
    int slots = (int) context.integer(slotsKey(prefix), fallback.slots(), 2, MAX_SLOTS);
    int threads = (int) context.integer(threadsKey(prefix), fallback.threads(), 1, MAX_THREADS);
    return new StagingPolicy((int) chunk, slots, threads);
  }

  /**
   * Elements of one input in a chunk when {@code inputs} arrays of {@code elementBytes} share a
   * slot, a multiple of 16 so every input's part starts vector-aligned.
   */
  public int chunkElements(int inputs, int elementBytes) {
    return chunkBytes / (inputs * elementBytes) / 16 * 16;
  }
}
