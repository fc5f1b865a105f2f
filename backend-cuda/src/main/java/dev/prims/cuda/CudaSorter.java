package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.BufferManager;
import dev.prims.spi.DeviceRadixSort;
import dev.prims.spi.DeviceSorter;
import jcuda.driver.CUdeviceptr;

/**
 * Radix sort on the device ({@code device/sort.cu}, the twin of the OpenCL backend's sort.cl): one
 * pass per digit of the bits asked for (tile histograms, their scan by {@link CudaScanner}'s
 * reduce-then-scan, a stable scatter), in the order {@link DeviceRadixSort} gives; the front and
 * the tuning are {@link DeviceSorter}'s.
 */
final class CudaSorter extends DeviceSorter<CUdeviceptr> {
  static final String MODULE = "sort";

  private final CudaBackend backend;
  private final CudaScanner scanner;

  CudaSorter(CudaBackend backend, CudaScanner scanner) {
    super("CUDA");
    this.backend = backend;
    this.scanner = scanner;
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
