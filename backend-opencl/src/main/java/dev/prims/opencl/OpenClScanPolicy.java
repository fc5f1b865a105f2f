package dev.prims.opencl;

import java.util.List;

/** Tuning of the scan kernels and the floating-point chain length they imply. */
final class OpenClScanPolicy {
  /** Scan variants, the default first. */
  static final List<String> VARIANTS =
      List.of("reduce-then-scan", "decoupled-lookback", "hillis-steele", "blelloch");

  /** Work-items per work-group. */
  static final int BLOCK_SIZE = 256;

  /** Consecutive elements each work-item scans serially in the tiled variants. */
  static final int ITEMS_PER_THREAD = 8;

  /** Elements per tile of reduce-then-scan and decoupled look-back. */
  static final int TILE = BLOCK_SIZE * ITEMS_PER_THREAD;

  /** Work-groups (chunks) of reduce-then-scan per compute unit on a GPU. */
  static final int GPU_CHUNKS_PER_COMPUTE_UNIT = 8;

  /** Work-groups (chunks) of reduce-then-scan per compute unit on other devices. */
  static final int OTHER_CHUNKS_PER_COMPUTE_UNIT = 4;

  private OpenClScanPolicy() {}

  /** Chunks reduce-then-scan splits {@code n} elements into (each a whole number of tiles). */
  static long chunks(OpenClDevice device, long n) {
    long wanted =
        (long) Math.max(1, device.computeUnits())
            * (device.gpu() ? GPU_CHUNKS_PER_COMPUTE_UNIT : OTHER_CHUNKS_PER_COMPUTE_UNIT);
    return Math.max(1, Math.min(wanted, OpenClReducePolicy.ceilDiv(n, TILE)));
  }

  /**
   * An upper bound on the longest chain of sequential floating additions in any reduce, scan or dot
   * of this backend over {@code n} elements. The longest serial chains are a work-item's
   * grid-stride accumulation (at most n / BLOCK_SIZE elements, since every pass has at least one
   * full work-group), the carry that runs across tiles in reduce-then-scan and decoupled look-back
   * (at most n / TILE), the serial items of a tile, and one tree per pass.
   */
  static long sequentialChain(long n) {
    long tiles = OpenClReducePolicy.ceilDiv(n, TILE);
    long perItem = OpenClReducePolicy.ceilDiv(n, BLOCK_SIZE);
    long bound = perItem + tiles + 2L * ITEMS_PER_THREAD + 4L * (64 - Long.numberOfLeadingZeros(n));
    return Math.min(Math.max(n, 0), bound);
  }
}
