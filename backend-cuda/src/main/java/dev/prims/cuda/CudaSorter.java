package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.BufferManager;
import dev.prims.spi.DeviceRadixSort;
import dev.prims.spi.DeviceSorter;
import jcuda.driver.CUdeviceptr;

/**
 * Radix sort on the device, in one of two variants ({@link CudaSortPolicy}): {@code lsd-radix}
 * ({@code device/sort.cu}, the twin of the OpenCL backend's sort.cl): one pass per digit of the
 * bits asked for (tile histograms, their scan by {@link CudaScanner}'s reduce-then-scan, a stable
 * scatter), in the order {@link DeviceRadixSort} gives, with {@link DeviceSorter}'s tuning; or
 * {@code onesweep} ({@code device/sort_onesweep.cu}): one kernel counting the digits of every pass,
 * then one kernel per pass (decoupled look-back over the tiles), passes whose digit every key
 * shares skipped and the rest routed by the plan the counting kernel writes. The front is {@link
 * DeviceSorter}'s.
 */
final class CudaSorter extends DeviceSorter<CUdeviceptr> {
  static final String MODULE = "sort";
  static final String ONESWEEP_MODULE = "sort_onesweep";

  /** The kernel that copies a sort in place ending in scratch to its outputs. */
  static final String ONESWEEP_FINISH = "onesweep_finish";

  private final CudaBackend backend;
  private final CudaScanner scanner;
  private final String variant;

  /** A sorter running {@code variant} ({@link DeviceSorter#LSD_RADIX} or {@code ONESWEEP}). */
  CudaSorter(CudaBackend backend, CudaScanner scanner, String variant) {
    super("CUDA");
    this.backend = backend;
    this.scanner = scanner;
    this.variant = variant;
  }

  @Override
  protected String variant() {
    return variant;
  }

  @Override
  protected BufferManager buffers() {
    return backend.buffers();
  }

  @Override
  protected CUdeviceptr memory(DeviceBuffer buffer) {
    return backend.own(buffer).pointer();
  }

  @Override
  protected void run(Runnable work) {
    backend.callAndRead(work, bytes -> null);
  }

  @Override
  protected void copy(CUdeviceptr from, CUdeviceptr to, long bytes) {
    backend.copy(from, to, bytes);
  }

  @Override
  protected CUdeviceptr scratch(String slot, long bytes) {
    return backend.scratch(slot, bytes);
  }

  /** The entry points of {@code device/sort.cu} one sort launches. */
  record Kernels(String histograms, String scatter, String toKeys) {}

  /** The entry points for keys of {@code keyType} and values of {@code valueType} (or null). */
  static Kernels kernels(DType keyType, DType valueType) {
    String key = "_" + keyType.id();
    return new Kernels(
        "sort_tile_histograms" + key,
        "sort_scatter" + key + (valueType == null ? "" : "_" + valueType.id()),
        "sort_bits_to_keys" + key);
  }

  /**
   * The entry points of {@code device/sort_onesweep.cu} one onesweep sort launches, and the pass
   * kernel's tile.
   */
  record OnesweepKernels(String histograms, String pass, CudaSortPolicy.Tile tile) {}

  /**
   * The onesweep entry points for keys of {@code keyType} and values of {@code valueType}: the pass
   * kernel's name ends with its tile ({@link CudaSortPolicy#onesweepTile}).
   */
  static OnesweepKernels onesweepKernels(DType keyType, DType valueType) {
    String key = "_" + keyType.id();
    CudaSortPolicy.Tile tile = CudaSortPolicy.onesweepTile(keyType, valueType);
    return new OnesweepKernels(
        "onesweep_histograms" + key,
        "onesweep_pass" + key + (valueType == null ? "" : "_" + valueType.id()) + tile.suffix(),
        tile);
  }

  @Override
  protected void sortBits(Job<CUdeviceptr> job) {
    if (variant.equals(ONESWEEP)) {
      onesweep(job);
    } else {
      super.sortBits(job);
    }
  }

  /**
   * The onesweep sort: zeroes the scratch words, counts every pass's digits (the histogram kernel
   * also plans the passes: those whose digit every key shares are skipped, and the buffers each
   * running pass reads and writes are chosen so that the last writes the outputs), then per pass
   * zeroes the look-back words and launches the pass with the input, scratch and output buffers; a
   * sort in place whose running passes are odd in number ends in scratch and is copied back by
   * {@code onesweep_finish}, which checks the plan itself.
   */
  private void onesweep(Job<CUdeviceptr> job) {
    OnesweepKernels kernels = onesweepKernels(job.keyType(), job.valueType());
    long n = job.n();
    int beginBit = job.beginBit();
    int endBit = job.endBit();
    int digitBits = CudaSortPolicy.ONESWEEP_DIGIT_BITS;
    CudaSortPolicy.Tile tile = kernels.tile();
    long tiles = (n + tile.keys() - 1) / tile.keys();
    long portionTiles = tile.portionTiles();
    long portions = (tiles + portionTiles - 1) / portionTiles;
    int passes = (endBit - beginBit + digitBits - 1) / digitBits;
    boolean keysInPlace = job.keys() == job.keysOut();
    boolean hasValues = job.values() != null;
    boolean valuesInPlace = hasValues && job.values() == job.valuesOut();
    long stateWords =
        CudaSortPolicy.ONESWEEP_SCRATCH_HEADER + portions * passes * CudaSortPolicy.ONESWEEP_RADIX;
    long lookbackWords = tiles * CudaSortPolicy.ONESWEEP_RADIX;
    CUdeviceptr state = scratch("sort.onesweep.state", stateWords * 4);
    CUdeviceptr lookback = scratch("sort.onesweep.lookback", lookbackWords * 4);
    backend.zero(state, stateWords);
    backend.launch(
        ONESWEEP_MODULE,
        kernels.histograms(),
        Math.min(
            (n + CudaSortPolicy.ONESWEEP_HIST_KEYS - 1) / CudaSortPolicy.ONESWEEP_HIST_KEYS,
            backend.residentBlocks(
                ONESWEEP_MODULE,
                kernels.histograms(),
                0,
                CudaSortPolicy.ONESWEEP_HIST_BLOCKS_PER_SM)),
        0,
        new KernelArgs()
            .pointer(job.keys())
            .i64(n)
            .i32(beginBit)
            .i32(endBit)
            .i32(job.descending())
            .i32(keysInPlace ? 1 : 0)
            .i32(valuesInPlace ? 1 : 0)
            .pointer(state));
    for (int p = 0; p < passes; p++) {
      KernelArgs args =
          new KernelArgs().pointer(job.keys()).pointer(job.keysTmp()).pointer(job.keysOut());
      if (hasValues) {
        args.pointer(job.values()).pointer(job.valuesTmp()).pointer(job.valuesOut());
      }
      backend.zero(lookback, lookbackWords);
      backend.launch(
          ONESWEEP_MODULE,
          kernels.pass(),
          tiles,
          tile.threads(),
          0,
          args.i64(n)
              .i32(p)
              .i32(beginBit)
              .i32(endBit)
              .i32(job.descending())
              .i64(portionTiles)
              .pointer(state)
              .pointer(lookback));
    }
    if (keysInPlace || valuesInPlace) {
      long keyWords = n * job.keyType().bytes() / 4;
      long valueWords = hasValues ? n * job.valueType().bytes() / 4 : 0;
      backend.launch(
          ONESWEEP_MODULE,
          ONESWEEP_FINISH,
          transformBlocks(Math.max(keyWords, valueWords)),
          0,
          new KernelArgs()
              .pointer(job.keysTmp())
              .pointer(job.keysOut())
              .i64(keyWords)
              .pointer(hasValues ? job.valuesTmp() : job.keysTmp())
              .pointer(hasValues ? job.valuesOut() : job.keysOut())
              .i64(valueWords)
              .pointer(state));
    }
  }

  @Override
  protected DeviceRadixSort<CUdeviceptr> passes(Launch<CUdeviceptr> launch) {
    Kernels kernels = kernels(launch.keyType(), launch.valueType());
    long n = launch.n();
    long tiles = launch.tiles();
    CUdeviceptr counts = launch.counts();
    int descending = launch.descending();
    return new DeviceRadixSort<>() {
      @Override
      protected void histograms(CUdeviceptr src, int shift, int digitBits, boolean transformIn) {
        backend.launch(
            MODULE,
            kernels.histograms(),
            tiles,
            0,
            new KernelArgs()
                .pointer(src)
                .i64(n)
                .i32(shift)
                .i32(digitBits)
                .pointer(counts)
                .i64(tiles)
                .i32(transformIn ? 1 : 0)
                .i32(descending));
      }

      @Override
      protected void scanCounts() {
        scanner.exclusiveSumInPlace(counts, launch.countsLength());
      }

      @Override
      protected void scatter(
          CUdeviceptr src,
          CUdeviceptr dst,
          CUdeviceptr valuesSrc,
          CUdeviceptr valuesDst,
          int shift,
          int digitBits,
          boolean transformIn,
          boolean transformOut) {
        KernelArgs args = new KernelArgs().pointer(src).pointer(dst);
        if (valuesSrc != null) {
          args.pointer(valuesSrc).pointer(valuesDst);
        }
        backend.launch(
            MODULE,
            kernels.scatter(),
            tiles,
            0,
            args.i64(n)
                .i32(shift)
                .i32(digitBits)
                .pointer(counts)
                .i64(tiles)
                .i32(transformIn ? 1 : 0)
                .i32(transformOut ? 1 : 0)
                .i32(descending));
      }

      @Override
      protected void bitsToKeys(CUdeviceptr bits, CUdeviceptr out) {
        backend.launch(
            MODULE,
            kernels.toKeys(),
            transformBlocks(n),
            0,
            new KernelArgs().pointer(bits).pointer(out).i64(n).i32(descending));
      }

      @Override
      protected void copyValues(CUdeviceptr from, CUdeviceptr to) {
        backend.copy(from, to, n * launch.valueType().bytes());
      }
    };
  }
}
