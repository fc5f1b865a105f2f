package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.SortOrder;
import dev.prims.spi.CallContext;
import dev.prims.spi.Sorter;
import jcuda.driver.CUdeviceptr;

/**
 * Radix sort on the device ({@code device/sort.cu}, the twin of the OpenCL backend's sort.cl): keys
 * become radix bits in place, one pass per digit of the bits asked for (tile histograms, their scan
 * by {@link CudaScanner}'s reduce-then-scan, a stable scatter), ping-pong between the caller's
 * buffers and scratch, and the bits become keys again. Host arrays go up, are sorted and come back.
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
      SortOrder order,
      int beginBit,
      int endBit,
      CallContext call) {
    CudaBuffer k = backend.own(keys);
    CudaBuffer v = values == null ? null : backend.own(values);
    long n = k.length();
    if (n >= CudaSortPolicy.MAX_KEYS) {
      throw new IllegalArgumentException("the CUDA sort takes fewer than 2^32 keys, got " + n);
    }
    call.usedVariant(CudaSortPolicy.LSD_RADIX);
    if (n < 2 || beginBit == endBit) {
      return;
    }
    int descending = order == SortOrder.DESCENDING ? 1 : 0;
    backend.callAndRead(() -> enqueue(k, v, n, descending, beginBit, endBit), bytes -> null);
  }

  /** The entry points of {@code device/sort.cu} one sort launches. */
  record Kernels(String toBits, String histograms, String scatter, String toKeys) {}

  /** The entry points for keys of {@code keyType} and values of {@code valueType} (or null). */
  static Kernels kernels(DType keyType, DType valueType) {
    String key = "_" + keyType.id();
    return new Kernels(
        "sort_keys_to_bits" + key,
        "sort_tile_histograms" + key,
        "sort_scatter" + key + (valueType == null ? "" : "_" + valueType.id()),
        "sort_bits_to_keys" + key);
  }

  /** Enqueues the whole sort (under the lock). */
  private void enqueue(
      CudaBuffer keys, CudaBuffer values, long n, int descending, int beginBit, int endBit) {
    Kernels kernels = kernels(keys.type(), values == null ? null : values.type());
    long tiles = CudaSortPolicy.tiles(n);
    long transformBlocks = CudaSortPolicy.transformBlocks(n);
    CUdeviceptr keysTmp = backend.scratch("sort.keys", n * keys.type().bytes());
    CUdeviceptr valuesTmp =
        values == null ? null : backend.scratch("sort.values", n * values.type().bytes());
    long countsLength = CudaSortPolicy.RADIX * tiles;
    CUdeviceptr counts = backend.scratch("sort.counts", countsLength * 4);
    backend.launch(
        MODULE,
        kernels.toBits(),
        transformBlocks,
        0,
        new KernelArgs().pointer(keys.pointer()).i64(n).i32(descending));
    CUdeviceptr src = keys.pointer();
    CUdeviceptr dst = keysTmp;
    CUdeviceptr valuesSrc = values == null ? null : values.pointer();
    CUdeviceptr valuesDst = valuesTmp;
    for (int shift = beginBit; shift < endBit; shift += CudaSortPolicy.DIGIT_BITS) {
      int digitBits = Math.min(CudaSortPolicy.DIGIT_BITS, endBit - shift);
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
              .i64(tiles));
      scanner.exclusiveSumInPlace(counts, countsLength);
      KernelArgs args = new KernelArgs().pointer(src).pointer(dst);
      if (values != null) {
        args.pointer(valuesSrc).pointer(valuesDst);
        CUdeviceptr t = valuesSrc;
        valuesSrc = valuesDst;
        valuesDst = t;
      }
      backend.launch(
          MODULE,
          kernels.scatter(),
          tiles,
          0,
          args.i64(n).i32(shift).i32(digitBits).pointer(counts).i64(tiles));
      CUdeviceptr t = src;
      src = dst;
      dst = t;
    }
    backend.launch(
        MODULE,
        kernels.toKeys(),
        transformBlocks,
        0,
        new KernelArgs().pointer(src).pointer(keys.pointer()).i64(n).i32(descending));
    if (values != null && valuesSrc != values.pointer()) {
      backend.copy(valuesSrc, values.pointer(), n * values.type().bytes());
    }
  }
}
