package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.SortOrder;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceRadixSort;
import dev.prims.spi.Sorter;
import org.jocl.cl_mem;

/**
 * Radix sort on OpenCL (see sort.cl): one pass per digit of the bits asked for (tile histograms,
 * their scan by {@link OpenClScanner}, a stable scatter), in the order {@link DeviceRadixSort}
 * gives. Host arrays go up, are sorted and come back.
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
      DeviceBuffer keysOut,
      DeviceBuffer valuesOut,
      SortOrder order,
      int beginBit,
      int endBit,
      CallContext call) {
    OpenClBuffer k = backend.own(keys);
    OpenClBuffer kOut = backend.own(keysOut);
    OpenClBuffer v = values == null ? null : backend.own(values);
    OpenClBuffer vOut = values == null ? null : backend.own(valuesOut);
    long n = k.length();
    if (n >= OpenClSortPolicy.MAX_KEYS) {
      throw new IllegalArgumentException("the OpenCL sort takes fewer than 2^32 keys, got " + n);
    }
    call.usedVariant(OpenClSortPolicy.LSD_RADIX);
    if (n == 0) {
      return;
    }
    Kernels kernels = new Kernels(k.type(), v == null ? null : v.type());
    int descending = order == SortOrder.DESCENDING ? 1 : 0;
    backend.callAndRead(
        "sort",
        () -> {
          if (n < 2 || beginBit == endBit) {
            copyIfApart(k, kOut, n);
            copyIfApart(v, vOut, n);
          } else {
            enqueue(kernels, k, v, kOut, vOut, n, descending, beginBit, endBit);
          }
          return null;
        });
  }

  /** Copies {@code from} to {@code to} unless they are one buffer (or null). */
  private void copyIfApart(OpenClBuffer from, OpenClBuffer to, long n) {
    if (from != null && from != to) {
      backend.copy(from.mem(), to.mem(), n * from.type().bytes());
    }
  }

  /**
   * Enqueues the sort's passes ({@link DeviceRadixSort}) from {@code keys} (and {@code values}) to
   * {@code keysOut} (and {@code valuesOut}).
   */
  private void enqueue(
      Kernels kernels,
      OpenClBuffer keys,
      OpenClBuffer values,
      OpenClBuffer keysOut,
      OpenClBuffer valuesOut,
      long n,
      int descending,
      int beginBit,
      int endBit) {
    int block = OpenClSortPolicy.BLOCK_SIZE;
    long tiles = OpenClSortPolicy.tiles(n);
    cl_mem keysTmp = backend.scratch("sort.keys", n * keys.type().bytes());
    cl_mem valuesTmp =
        values == null ? null : backend.scratch("sort.values", n * values.type().bytes());
    long countsLength = OpenClSortPolicy.RADIX * tiles;
    cl_mem counts = backend.scratch("sort.counts", countsLength * 4);
    new DeviceRadixSort<cl_mem>() {
      @Override
      protected void histograms(cl_mem src, int shift, int digitBits, boolean transformIn) {
        backend.launch(
            kernels.get("sort_tile_histograms"),
            tiles,
            block,
            src,
            n,
            shift,
            digitBits,
            counts,
            tiles,
            transformIn ? 1 : 0,
            descending);
      }

      @Override
      protected void scanCounts() {
        scanner.exclusiveSumInPlace(counts, countsLength);
      }

      @Override
      protected void scatter(
          cl_mem src,
          cl_mem dst,
          cl_mem valuesSrc,
          cl_mem valuesDst,
          int shift,
          int digitBits,
          boolean transformIn,
          boolean transformOut) {
        Object[] tail = {
          n, shift, digitBits, counts, tiles, transformIn ? 1 : 0, transformOut ? 1 : 0, descending
        };
        Object[] head =
            valuesSrc == null
                ? new Object[] {src, dst}
                : new Object[] {src, dst, valuesSrc, valuesDst};
        Object[] args = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, args, head.length, tail.length);
        backend.launch(kernels.get("sort_scatter"), tiles, block, args);
      }

      @Override
      protected void bitsToKeys(cl_mem bits, cl_mem out) {
        backend.launch(
            kernels.get("sort_bits_to_keys"),
            OpenClSortPolicy.transformGroups(n),
            block,
            bits,
            out,
            n,
            descending);
      }

      @Override
      protected void copyValues(cl_mem from, cl_mem to) {
        backend.copy(from, to, n * values.type().bytes());
      }
    }.sort(
        keys.mem(),
        values == null ? null : values.mem(),
        keysOut.mem(),
        values == null ? null : valuesOut.mem(),
        keysTmp,
        valuesTmp,
        beginBit,
        endBit,
        OpenClSortPolicy.DIGIT_BITS);
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
