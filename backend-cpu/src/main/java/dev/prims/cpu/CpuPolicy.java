package dev.prims.cpu;

import dev.prims.DType;

/**
 * Tuning numbers of the CPU backend, in one place. Floating work is split into fixed-size chunks
 * that do not depend on the thread count, so results are the same bits whatever {@code
 * prims.cpu.threads} is; integer results are exact whatever the split.
 */
final class CpuPolicy {
  /** Elements per reduce or dot task; each task sums with {@link #ACCUMULATORS} accumulators. */
  static final int REDUCE_CHUNK = 1 << 16;

  /**
   * Fewest elements an integer reduce gives one worker when an input of fewer than {@link
   * #REDUCE_CHUNK} elements per thread is split over the threads (integer results do not depend on
   * the split).
   */
  static final int INTEGER_SHARE_MIN = 1 << 14;

  /** Independent accumulators in the floating sum and dot inner loops (for pipelining). */
  static final int ACCUMULATORS = 8;

  /** Elements per scan chunk (both passes); also the longest local sequential chain. */
  static final int SCAN_CHUNK = 1 << 14;

  /**
   * Longest scan chunk of integer types, which are exact in any order: longer chunks mean fewer
   * hand-offs between workers, and a chunk of 2^16 (up to 512 KiB) still stays in a core's L2 cache
   * between its two passes (tools/cpu-experiments/CpuLoopsProbe's chained in-place scan of 2^24
   * ints on 16 cores: 1.22 ms in chunks of 2^16 against 1.47 ms in chunks of 2^14; prims bench did
   * not separate the two).
   */
  static final int INTEGER_SCAN_CHUNK = 1 << 16;

  /**
   * Fewest elements a scan spreads over the workers: below, the calling thread scans alone (the
   * same chunks, so the same bits), as handing work to the pool costs more than it saves.
   */
  static final int PARALLEL_SCAN_MIN = 1 << 17;

  /**
   * Chunks per tile of the two-pass scan: both passes run over one tile before the next, so the
   * second pass reads the tile from cache (64 chunks of doubles are 8 MiB).
   */
  static final int SCAN_TILE_CHUNKS = 64;

  /** Elements a histogram worker takes at a time (workers keep one private count array each). */
  static final int HISTOGRAM_CHUNK = 1 << 16;

  /** Largest buffer, in elements, that a Java array can hold. */
  static final int MAX_ELEMENTS = Integer.MAX_VALUE - 8;

  /**
   * Default bytes per off-heap chunk (one direct {@code ByteBuffer}, which holds at most 2^31 - 1
   * bytes): 2^28 ints or floats, 2^27 longs or doubles.
   */
  static final int OFF_HEAP_CHUNK_BYTES = 1 << 30;

  /** Largest configurable off-heap chunk, in elements: 2^31 - 1 bytes of 8-byte elements. */
  static final int MAX_OFF_HEAP_CHUNK = Integer.MAX_VALUE / 8;

  private CpuPolicy() {}

  /**
   * Elements per scan chunk of {@code n} elements of {@code type} on {@code threads} workers:
   * {@link #SCAN_CHUNK} for floating types (it fixes their bits); for integer types a quarter of
   * each worker's share, between {@link #SCAN_CHUNK} and {@link #INTEGER_SCAN_CHUNK}.
   */
  static int scanChunk(DType type, long n, int threads) {
    if (type.isFloating()) {
      return SCAN_CHUNK;
    }
    long quarterShare = n / (4L * Math.max(1, threads));
    return (int) Math.max(SCAN_CHUNK, Math.min(INTEGER_SCAN_CHUNK, quarterShare));
  }

  /** Number of chunks of {@code chunk} elements covering {@code n}. */
  static int chunks(int n, int chunk) {
    return (int) ((n + (long) chunk - 1) / chunk);
  }

  /**
   * Number of chunks of {@code chunk} elements covering a long {@code n}.
   *
   * @throws IllegalArgumentException if there are more than 2^31 - 1
   */
  static int chunks(long n, int chunk) {
    long count = (n + chunk - 1) / chunk;
    if (count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          n + " elements make " + count + " chunks of " + chunk + "; at most 2^31 - 1");
    }
    return (int) count;
  }

  /**
   * Elements per task of an integer reduce of {@code n} elements on {@code threads} workers: {@link
   * #REDUCE_CHUNK}, or where that leaves workers idle an even share per worker of at least {@link
   * #INTEGER_SHARE_MIN} elements, a multiple of 16.
   */
  static int integerReduceChunk(int n, int threads) {
    if (threads <= 1 || n >= (long) REDUCE_CHUNK * threads) {
      return REDUCE_CHUNK;
    }
    int share = (int) ((n + (long) threads - 1) / threads + 15) / 16 * 16;
    return Math.min(REDUCE_CHUNK, Math.max(INTEGER_SHARE_MIN, share));
  }

  /** Elements in chunk {@code c} of {@code chunk} elements covering {@code n}. */
  static int chunkLength(long n, int chunk, int c) {
    return (int) Math.min(chunk, n - (long) c * chunk);
  }

  /**
   * Longest chain of sequential floating additions any result of {@code n} elements goes through,
   * beyond the pairwise tree the conformance bound already allows {@code ceil(log2 n)} for. Reduce
   * and dot: one accumulator's share of a chunk plus the tail and the accumulator merge. Scan (an
   * upper bound): a whole chunk scanned in order (floating sums actually run two half-chunk
   * chains), its carry summed over earlier chunk totals in order, each total a reduce of one chunk.
   * The reproducible mode's integer folds have no such chain.
   */
  static long sequentialChain(long n) {
    long reduce = REDUCE_CHUNK / ACCUMULATORS + ACCUMULATORS + 3;
    long scanTotals = SCAN_CHUNK / ACCUMULATORS + ACCUMULATORS + 3;
    long scan = SCAN_CHUNK + scanTotals + (n + SCAN_CHUNK - 1) / SCAN_CHUNK;
    return Math.min(n, Math.max(reduce, scan));
  }
}
