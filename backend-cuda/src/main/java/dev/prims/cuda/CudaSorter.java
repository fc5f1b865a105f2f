package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.SortOrder;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceRadixSort;
import dev.prims.spi.Sorter;
import jcuda.driver.CUdeviceptr;

/**
 * Radix sort on the device ({@code device/sort.cu}, the twin of the OpenCL backend's sort.cl): one
 * pass per digit of the bits asked for (tile histograms, their scan by {@link CudaScanner}'s
 * reduce-then-scan, a stable scatter), in the order {@link DeviceRadixSort} gives. Host arrays go
 * up, are sorted and come back.
 */
final class CudaSorter implements Sorter {
  static final String MODULE = "sort";

  private final CudaBackend backend;
  private final CudaScanner scanner;

  CudaSorter(CudaBackend backend, CudaScanner scanner) {
    this.backend = backend;
    this.scanner = scanner;
  }

  @Override
  public void sort(Object keys, Object values, SortOrder order, CallContext call) {
    Sorter.sortThroughBuffers(this, backend.buffers(), keys, values, order, call);
  }

  @Override
  public void sort(
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer keysOut,
      DeviceBuffer valuesOut,
      SortOrder order,
      int beginBit,
      int endBit,
      CallContext call) {
    CudaBuffer k = backend.own(keys);
    CudaBuffer kOut = backend.own(keysOut);
    CudaBuffer v = values == null ? null : backend.own(values);
    CudaBuffer vOut = values == null ? null : backend.own(valuesOut);
    long n = k.length();
    if (n >= CudaSortPolicy.MAX_KEYS) {
      throw new IllegalArgumentException("the CUDA sort takes fewer than 2^32 keys, got " + n);
    }
    call.usedVariant(CudaSortPolicy.LSD_RADIX);
    if (n == 0) {
      return;
    }
    int descending = order == SortOrder.DESCENDING ? 1 : 0;
    backend.callAndRead(
        () -> {
          if (n < 2 || beginBit == endBit) {
            copyIfApart(k, kOut, n);
            copyIfApart(v, vOut, n);
          } else {
            enqueue(k, v, kOut, vOut, n, descending, beginBit, endBit);
          }
        },
        bytes -> null);
  }

  /** Copies {@code from} to {@code to} unless they are one buffer (or null). */
  private void copyIfApart(CudaBuffer from, CudaBuffer to, long n) {
    if (from != null && from != to) {
      backend.copy(from.pointer(), to.pointer(), n * from.type().bytes());
    }
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
   * Enqueues the sort's passes ({@link DeviceRadixSort}, under the lock) from {@code keys} (and
   * {@code values}) to {@code keysOut} (and {@code valuesOut}).
   */
  private void enqueue(
      CudaBuffer keys,
      CudaBuffer values,
      CudaBuffer keysOut,
      CudaBuffer valuesOut,
      long n,
      int descending,
      int beginBit,
      int endBit) {
    Kernels kernels = kernels(keys.type(), values == null ? null : values.type());
    long tiles = CudaSortPolicy.tiles(n);
    CUdeviceptr keysTmp = backend.scratch("sort.keys", n * keys.type().bytes());
    CUdeviceptr valuesTmp =
        values == null ? null : backend.scratch("sort.values", n * values.type().bytes());
    long countsLength = CudaSortPolicy.RADIX * tiles;
    CUdeviceptr counts = backend.scratch("sort.counts", countsLength * 4);
    new DeviceRadixSort<CUdeviceptr>() {
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
        scanner.exclusiveSumInPlace(counts, countsLength);
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
            CudaSortPolicy.transformBlocks(n),
            0,
            new KernelArgs().pointer(bits).pointer(out).i64(n).i32(descending));
      }

      @Override
      protected void copyValues(CUdeviceptr from, CUdeviceptr to) {
        backend.copy(from, to, n * values.type().bytes());
      }
    }.sort(
        keys.pointer(),
        values == null ? null : values.pointer(),
        keysOut.pointer(),
        values == null ? null : valuesOut.pointer(),
        keysTmp,
        valuesTmp,
        beginBit,
        endBit,
        CudaSortPolicy.DIGIT_BITS);
  }
}
