package dev.prims.opencl;

import java.util.List;

/**
 * Tuning of the scan kernels and the floating-point chain length they imply.
 *
 * <p>Measured on an NVIDIA H200 (2^28 floats, read + write): reduce-then-scan 2395-2398 GB/s
 * (75.6-77% of CUB's InclusiveSum), the same with 16 items per work-item; decoupled-lookback 632 (8
 * items) and 819 (16 items), its look-back costing more than the second read it saves;
 * hillis-steele 920; blelloch 607. Reduce-then-scan is therefore the default everywhere.
 */
final class OpenClScanPolicy {
  /** Scan variants, the default first. */
  static final List<String> VARIANTS =
      List.of("reduce-then-scan", "decoupled-lookback", "hillis-steele", "blelloch");

  /** Work-items per work-group. */
  static final int BLOCK_SIZE = 256;

  /** Consecutive elements each work-item scans serially in the tiled variants, by default. */
  static final int ITEMS_PER_THREAD = 8;

  /** Most items per work-item {@link #ITEMS_KEY} may ask for. */
  static final int MAX_ITEMS_PER_THREAD = 16;

  /** Configuration key overriding {@link #ITEMS_PER_THREAD} (for tuning runs). */
  static final String ITEMS_KEY = "prims.opencl.scan.itemsPerThread";

  /** Work-groups (chunks) of reduce-then-scan per compute unit on a GPU. */
  static final int GPU_CHUNKS_PER_COMPUTE_UNIT = 8;

  /** Work-groups (chunks) of reduce-then-scan per compute unit on other devices. */
  static final int OTHER_CHUNKS_PER_COMPUTE_UNIT = 4;

  private OpenClScanPolicy() {}

  /**
   * Items per work-item from {@code context} ({@link #ITEMS_KEY}, 1 to {@link
   * #MAX_ITEMS_PER_THREAD}), else {@link #ITEMS_PER_THREAD}.
   */
  static int itemsPerThread(dev.prims.spi.BackendContext context) {
    String value = context.get(ITEMS_KEY, Integer.toString(ITEMS_PER_THREAD)).trim();
    int items;
    try {
      items = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      items = -1;
    }
    if (items < 1 || items > MAX_ITEMS_PER_THREAD) {
      throw new IllegalArgumentException(
          ITEMS_KEY + " must be 1 to " + MAX_ITEMS_PER_THREAD + ", got " + value);
    }
    return items;
  }

  /** Elements per tile of reduce-then-scan and decoupled look-back. */
  static long tile(int itemsPerThread) {
    return (long) BLOCK_SIZE * itemsPerThread;
  }

  /** Chunks reduce-then-scan splits {@code n} elements into (each a whole number of tiles). */
  static long chunks(OpenClDevice device, long n, long tile) {
    long wanted =
        (long) Math.max(1, device.computeUnits())
            * (device.gpu() ? GPU_CHUNKS_PER_COMPUTE_UNIT : OTHER_CHUNKS_PER_COMPUTE_UNIT);
    return Math.max(1, Math.min(wanted, OpenClReducePolicy.ceilDiv(n, tile)));
  }

  /**
   * An upper bound on the longest chain of sequential floating additions in any reduce, scan or dot
   * of this backend over {@code n} elements. The longest serial chains are a work-item's
   * grid-stride accumulation (at most n / BLOCK_SIZE elements, since every pass has at least one
   * full work-group), the carry that runs across tiles in reduce-then-scan and decoupled look-back
   * (at most n / TILE), the serial items of a tile, and one tree per pass.
   */
  static long sequentialChain(long n) {
    long tiles = OpenClReducePolicy.ceilDiv(n, BLOCK_SIZE);
    long perItem = OpenClReducePolicy.ceilDiv(n, BLOCK_SIZE);
    long bound =
        perItem + tiles + 2L * MAX_ITEMS_PER_THREAD + 4L * (64 - Long.numberOfLeadingZeros(n));
    return Math.min(Math.max(n, 0), bound);
  }
}
