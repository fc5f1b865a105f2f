package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.spi.BackendContext;
import java.util.List;

/**
 * Tuning of the scan kernels and the floating-point chain length they imply. Every number can be
 * overridden by configuration (system properties such as {@code
 * -Dprims.opencl.scan.itemsPerThread=16}) so that a tuning run can sweep them without rebuilding.
 *
 * <p>The default variant is the decoupled look-back where the device runs it ({@link
 * OpenClLookback}), else reduce-then-scan. On NVIDIA's platform the look-back is the CUDA backend's
 * (warp shuffles, tile states in one access) with its tile: 256 work-items of 31 items (4-byte
 * types) or 23 (8-byte types). Measured on an NVIDIA H200 (2^28 floats, read + write) before the
 * tile kernels were rewritten: reduce-then-scan 2395-2398 GB/s (75.6-77% of CUB's InclusiveSum),
 * the same with 16 items per work-item; the first decoupled look-back (every work-item polling with
 * atomics) 632-819; hillis-steele 920; blelloch 607. The kernels are swept on the GPU by {@code
 * backend-opencl/src/test/gpu/scan-sweep.sh}.
 *
 * @param blockSize work-items per work-group of every scan kernel ({@link #BLOCK_KEY})
 * @param items4 consecutive elements per work-item in a tile of 4-byte elements ({@link
 *     #ITEMS_KEY})
 * @param items8 the same for 8-byte elements ({@link #ITEMS8_KEY})
 * @param chunksPerComputeUnit work-groups (chunks) of reduce-then-scan per compute unit ({@link
 *     #CHUNKS_KEY})
 * @param lookbackWindow predecessors one look-back round reads ({@link #WINDOW_KEY}; on NVIDIA's
 *     platform the look-back reads a warp of 32 at a time, as the CUDA backend's)
 * @param lookback whether and how the device runs the decoupled look-back
 */
record OpenClScanPolicy(
    int blockSize,
    int items4,
    int items8,
    int chunksPerComputeUnit,
    int lookbackWindow,
    OpenClLookback lookback) {
  /** Scan variants where the device runs the look-back, the default first. */
  static final List<String> VARIANTS =
      List.of("decoupled-lookback", "reduce-then-scan", "hillis-steele", "blelloch");

  /** Scan variants elsewhere, the default first (the look-back runs as reduce-then-scan). */
  static final List<String> VARIANTS_WITHOUT_LOOKBACK =
      List.of("reduce-then-scan", "decoupled-lookback", "hillis-steele", "blelloch");

  /** Work-items per work-group, by default. */
  static final int BLOCK_SIZE = 256;

  /** Items per work-item in tiles of 4-byte elements, by default. */
  static final int ITEMS_PER_THREAD = 16;

  /** Items per work-item in tiles of 8-byte elements, by default. */
  static final int ITEMS_PER_THREAD_8 = 8;

  /**
   * Items per work-item in tiles of 4-byte elements on NVIDIA's platform, by default: the CUDA
   * backend's {@code SCAN_ITEMS_PER_THREAD_4} (its look-back's tile, see CudaScanPolicy).
   */
  static final int NVIDIA_ITEMS_PER_THREAD = 31;

  /** The same for 8-byte elements: the CUDA backend's {@code SCAN_ITEMS_PER_THREAD_8}. */
  static final int NVIDIA_ITEMS_PER_THREAD_8 = 23;

  /** Most items per work-item the keys may ask for. */
  static final int MAX_ITEMS_PER_THREAD = 32;

  /** Work-groups of reduce-then-scan per compute unit on a GPU, by default. */
  static final int GPU_CHUNKS_PER_COMPUTE_UNIT = 8;

  /** Work-groups of reduce-then-scan per compute unit on other devices. */
  static final int OTHER_CHUNKS_PER_COMPUTE_UNIT = 4;

  /** Predecessors one look-back round reads, by default (one NVIDIA warp). */
  static final int LOOKBACK_WINDOW = 32;

  /** Key overriding {@link #ITEMS_PER_THREAD} (1 to {@link #MAX_ITEMS_PER_THREAD}). */
  static final String ITEMS_KEY = "prims.opencl.scan.itemsPerThread";

  /** Key overriding {@link #ITEMS_PER_THREAD_8} (1 to {@link #MAX_ITEMS_PER_THREAD}). */
  static final String ITEMS8_KEY = "prims.opencl.scan.itemsPerThread8";

  /** Key overriding {@link #BLOCK_SIZE} (a power of two, 32 to 1024). */
  static final String BLOCK_KEY = "prims.opencl.scan.workGroupSize";

  /** Key overriding the chunks per compute unit of reduce-then-scan (1 to 64). */
  static final String CHUNKS_KEY = "prims.opencl.scan.chunksPerComputeUnit";

  /** Key overriding {@link #LOOKBACK_WINDOW} (1 to the work-group size). */
  static final String WINDOW_KEY = "prims.opencl.scan.lookbackWindow";

  /**
   * Key turning the decoupled look-back off ({@code false}: the scan runs reduce-then-scan even
   * where the device could run the look-back; default {@code true}).
   */
  static final String LOOKBACK_KEY = "prims.opencl.scan.lookback";

  /** The policy {@code context} asks for, checked against {@code device}. */
  static OpenClScanPolicy of(BackendContext context, OpenClDevice device) {
    int block = (int) context.integer(BLOCK_KEY, BLOCK_SIZE, 32, 1024);
    if (Integer.bitCount(block) != 1) {
      throw new IllegalArgumentException(BLOCK_KEY + " must be a power of two, got " + block);
    }
    if (block > device.maxWorkGroupSize()) {
      throw new IllegalArgumentException(
          BLOCK_KEY
              + " is "
              + block
              + " but "
              + device.describe()
              + " allows at most "
              + device.maxWorkGroupSize()
              + " work-items per work-group");
    }
    int chunks =
        (int)
            context.integer(
                CHUNKS_KEY,
                device.gpu() ? GPU_CHUNKS_PER_COMPUTE_UNIT : OTHER_CHUNKS_PER_COMPUTE_UNIT,
                1,
                64);
    OpenClLookback lookback =
        context.flag(LOOKBACK_KEY, true)
            ? device.lookback()
            : new OpenClLookback(
                OpenClLookback.Mode.UNSUPPORTED, "turned off by " + LOOKBACK_KEY + "=false");
    boolean nvidia = lookback.mode() == OpenClLookback.Mode.NVIDIA_PTX;
    OpenClScanPolicy policy =
        new OpenClScanPolicy(
            block,
            (int)
                context.integer(
                    ITEMS_KEY,
                    nvidia ? NVIDIA_ITEMS_PER_THREAD : ITEMS_PER_THREAD,
                    1,
                    MAX_ITEMS_PER_THREAD),
            (int)
                context.integer(
                    ITEMS8_KEY,
                    nvidia ? NVIDIA_ITEMS_PER_THREAD_8 : ITEMS_PER_THREAD_8,
                    1,
                    MAX_ITEMS_PER_THREAD),
            chunks,
            (int) context.integer(WINDOW_KEY, Math.min(LOOKBACK_WINDOW, block), 1, block),
            lookback);
    policy.requireLocalMemory(DType.INT, device);
    if (device.fp64()) {
      policy.requireLocalMemory(DType.DOUBLE, device);
    }
    return policy;
  }

  /** Items per work-item in a tile of {@code type}. */
  int itemsPerThread(DType type) {
    return type.bytes() == 4 ? items4 : items8;
  }

  /** Elements per tile of reduce-then-scan and decoupled look-back for {@code type}. */
  long tile(DType type) {
    return (long) blockSize * itemsPerThread(type);
  }

  /** Scan variants, the default first: the look-back where the device runs it. */
  List<String> variants() {
    return lookback.supported() ? VARIANTS : VARIANTS_WITHOUT_LOOKBACK;
  }

  /**
   * Bytes of local memory the largest scan kernel (decoupled look-back) takes for {@code type}: the
   * padded tile (see scan.cl), the block scan's arrays (two of a work-group's values, or one value
   * per warp with warp shuffles on NVIDIA) and the look-back window.
   */
  long localBytes(DType type) {
    long tile = tile(type);
    long padded = itemsPerThread(type) % 2 == 1 ? tile : tile + tile / 32;
    if (lookback.mode() == OpenClLookback.Mode.NVIDIA_PTX) {
      return (padded + blockSize / 32 + 2L) * type.bytes() + 8;
    }
    return (padded + 2L * blockSize + lookbackWindow + 1) * type.bytes() + 4L * lookbackWindow + 8;
  }

  private void requireLocalMemory(DType type, OpenClDevice device) {
    long bytes = localBytes(type);
    if (bytes > device.localMemory()) {
      throw new IllegalArgumentException(
          "a scan tile of "
              + blockSize
              + " x "
              + itemsPerThread(type)
              + " "
              + type.id()
              + " elements needs "
              + bytes
              + " bytes of local memory but "
              + device.describe()
              + " has "
              + device.localMemory()
              + " (lower "
              + (type.bytes() == 4 ? ITEMS_KEY : ITEMS8_KEY)
              + " or "
              + BLOCK_KEY
              + ")");
    }
  }

  /** Chunks reduce-then-scan splits {@code n} elements into (each a whole number of tiles). */
  long chunks(OpenClDevice device, long n, long tile) {
    long wanted = (long) Math.max(1, device.computeUnits()) * chunksPerComputeUnit;
    return Math.max(1, Math.min(wanted, OpenClReducePolicy.ceilDiv(n, tile)));
  }

  /**
   * An upper bound on the longest chain of sequential floating additions in any reduce, scan or dot
   * of this backend over {@code n} elements. The longest serial chains are a work-item's
   * grid-stride accumulation (at most n / 32 elements, since every pass has at least one full
   * work-group of at least 32), the carry that runs across tiles in reduce-then-scan and the
   * look-back (at most n / 32 again), the serial items of a tile, and one tree per pass.
   */
  long sequentialChain(long n) {
    long strided =
        OpenClReducePolicy.ceilDiv(n, Math.min(blockSize, OpenClReducePolicy.BLOCK_SIZE));
    long tiles = OpenClReducePolicy.ceilDiv(n, blockSize);
    long bound =
        strided
            + tiles
            + 2L * Math.max(items4, items8)
            + lookbackWindow
            + 4L * (64 - Long.numberOfLeadingZeros(n));
    return Math.min(Math.max(n, 0), bound);
  }
}
