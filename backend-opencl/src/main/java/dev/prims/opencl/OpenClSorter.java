package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.SortOrder;
import dev.prims.spi.CallContext;
import dev.prims.spi.Sorter;
import org.jocl.cl_mem;

/**
 * Radix sort on OpenCL (see sort.cl): keys become radix bits in place, one pass per digit of the
 * bits asked for (tile histograms, their scan by {@link OpenClScanner}, a stable scatter),
 * ping-pong between the caller's buffers and scratch, and the bits become keys again. Host arrays
 * go up, are sorted and come back.
 */
final class OpenClSorter implements Sorter {
  private static final String FILE = "sort.cl";

  private final OpenClBackend backend;
  private final OpenClScanner scanner;

  OpenClSorter(OpenClBackend backend, OpenClScanner scanner) {
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
    OpenClBuffer k = backend.own(keys);
    OpenClBuffer v = values == null ? null : backend.own(values);
    long n = k.length();
    if (n >= OpenClSortPolicy.MAX_KEYS) {
      throw new IllegalArgumentException("the OpenCL sort takes fewer than 2^32 keys, got " + n);
    }
    call.usedVariant(OpenClSortPolicy.LSD_RADIX);
    if (n < 2 || beginBit == endBit) {
      return;
    }
    Kernels kernels = new Kernels(k.type(), v == null ? null : v.type());
    int descending = order == SortOrder.DESCENDING ? 1 : 0;
    backend.callAndRead(
        "sort",
        () -> {
          enqueue(kernels, k, v, n, descending, beginBit, endBit);
          return null;
        });
  }

  private void enqueue(
      Kernels kernels,
      OpenClBuffer keys,
      OpenClBuffer values,
      long n,
      int descending,
      int beginBit,
      int endBit) {
    int block = OpenClSortPolicy.BLOCK_SIZE;
    long tiles = OpenClSortPolicy.tiles(n);
    long transformGroups = OpenClSortPolicy.transformGroups(n);
    int keyBytes = keys.type().bytes();
    cl_mem keysTmp = backend.scratch("sort.keys", n * keyBytes);
    cl_mem valuesTmp =
        values == null ? null : backend.scratch("sort.values", n * values.type().bytes());
    long countsLength = OpenClSortPolicy.RADIX * tiles;
    cl_mem counts = backend.scratch("sort.counts", countsLength * 4);
    backend.launch(
        kernels.get("sort_keys_to_bits"), transformGroups, block, keys.mem(), n, descending);
    cl_mem src = keys.mem();
    cl_mem dst = keysTmp;
    cl_mem valuesSrc = values == null ? null : values.mem();
    cl_mem valuesDst = valuesTmp;
    for (int shift = beginBit; shift < endBit; shift += OpenClSortPolicy.DIGIT_BITS) {
      int digitBits = Math.min(OpenClSortPolicy.DIGIT_BITS, endBit - shift);
      backend.launch(
          kernels.get("sort_tile_histograms"),
          tiles,
          block,
          src,
          n,
          shift,
          digitBits,
          counts,
          tiles);
      scanner.exclusiveSumInPlace(counts, countsLength);
      if (values == null) {
        backend.launch(
            kernels.get("sort_scatter"),
            tiles,
            block,
            src,
            dst,
            n,
            shift,
            digitBits,
            counts,
            tiles);
      } else {
        backend.launch(
            kernels.get("sort_scatter"),
            tiles,
            block,
            src,
            dst,
            valuesSrc,
            valuesDst,
            n,
            shift,
            digitBits,
            counts,
            tiles);
        cl_mem t = valuesSrc;
        valuesSrc = valuesDst;
        valuesDst = t;
      }
      cl_mem t = src;
      src = dst;
      dst = t;
    }
    backend.launch(
        kernels.get("sort_bits_to_keys"), transformGroups, block, src, keys.mem(), n, descending);
    if (values != null && valuesSrc != values.mem()) {
      backend.copy(valuesSrc, values.mem(), n * values.type().bytes());
    }
  }

  /** The sort kernels of one key type and value type. */
  private final class Kernels {
    private final DType width;
    private final String options;

    Kernels(DType keyType, DType valueType) {
      this.width = keyType.bytes() == 4 ? DType.INT : DType.LONG;
      this.options =
          " -DDIGIT_BITS="
              + OpenClSortPolicy.DIGIT_BITS
              + " -DRADIX_WIDTH="
              + keyType.bytes() * Byte.SIZE
              + " -DRADIX_T="
              + (keyType.bytes() == 4 ? "uint" : "ulong")
              + (keyType.isFloating() ? " -DFLOATING_KEYS" : "")
              + (valueType == null
                  ? ""
                  : " -DVALUE_T=" + (valueType.bytes() == 4 ? "uint" : "ulong"));
    }

    OpenClBackend.Kernel get(String name) {
      return backend.kernel(
          FILE,
          width,
          ReduceOp.SUM,
          OpenClSortPolicy.BLOCK_SIZE,
          OpenClSortPolicy.ITEMS_PER_THREAD,
          options,
          name);
    }
  }
}
