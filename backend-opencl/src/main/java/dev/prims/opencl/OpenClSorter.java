package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.BufferManager;
import dev.prims.spi.DeviceRadixSort;
import dev.prims.spi.DeviceSorter;
import dev.prims.spi.RadixBitWords;
import dev.prims.spi.RadixPasses;
import org.jocl.Pointer;
import org.jocl.cl_mem;

/**
 * Radix sort on OpenCL (see sort.cl): one pass per digit of the bits asked for (tile histograms,
 * their scan by {@link OpenClScanner}, a stable scatter), in the order {@link DeviceRadixSort}
 * gives, the passes whose digit every key shares skipped (one read of the keys finds them); the
 * front and the tuning are {@link DeviceSorter}'s. On NVIDIA's platform the scatter ranks a tile
 * with warp votes (sort.cl with LOOKBACK_PTX: inline PTX, as the scan's look-back).
 */
final class OpenClSorter extends DeviceSorter<cl_mem> {
  private static final String FILE = "sort.cl";

  /** Most keys per thread in a tile of the passes (see {@link #itemsPerThread}). */
  private static final int MAX_ITEMS_PER_THREAD = 16;

  /** Local memory a tile's keys and values may take. */
  private static final int TILE_LOCAL_BYTES = 32 * 1024;

  /** Work-groups of the shared-bits read (grid-stride over the keys). */
  private static final long SHARED_BITS_GROUPS = 1024;

  private final OpenClBackend backend;
  private final OpenClScanner scanner;

  OpenClSorter(OpenClBackend backend, OpenClScanner scanner) {
    super("OpenCL");
    this.backend = backend;
    this.scanner = scanner;
  }

  @Override
  protected BufferManager buffers() {
    return backend.buffers();
  }

  @Override
  protected cl_mem memory(DeviceBuffer buffer) {
    return backend.own(buffer).mem();
  }

  @Override
  protected void run(Runnable work) {
    backend.run("sort", work);
  }

  @Override
  protected void copy(cl_mem from, cl_mem to, long bytes) {
    backend.copy(from, to, bytes);
  }

  @Override
  protected cl_mem scratch(String slot, long bytes) {
    return backend.scratch(slot, bytes);
  }

  @Override
  protected DeviceRadixSort<cl_mem> passes(Launch<cl_mem> launch) {
    Kernels kernels = new Kernels(launch.keyType(), launch.valueType());
    long n = launch.n();
    long tiles = launch.tiles();
    cl_mem counts = launch.counts();
    int descending = launch.descending();
    return new DeviceRadixSort<>() {
      @Override
      protected void histograms(cl_mem src, int shift, int digitBits, boolean transformIn) {
        backend.launch(
            kernels.get("sort_tile_histograms"),
            tiles,
            BLOCK_SIZE,
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
        scanner.exclusiveSumInPlace(counts, launch.countsLength());
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
        backend.launch(kernels.get("sort_scatter"), tiles, BLOCK_SIZE, args);
      }

      @Override
      protected void bitsToKeys(cl_mem bits, cl_mem out) {
        backend.launch(
            kernels.get("sort_bits_to_keys"),
            transformBlocks(n),
            BLOCK_SIZE,
            bits,
            out,
            n,
            descending);
      }

      @Override
      protected void copyValues(cl_mem from, cl_mem to) {
        backend.copy(from, to, n * launch.valueType().bytes());
      }

      /**
       * One read of the keys for the AND and OR of their radix bits, and a 16-byte read back: on
       * the H100 (NVIDIA OpenCL) 2^28 float keys, which share no digit, sorted in 13.85 ms against
       * 13.33 ms without it, where a skipped pass saves about 3 ms.
       */
      @Override
      protected long sharedDigits(cl_mem keys, int beginBit, int endBit, int digitBits) {
        cl_mem words = backend.scratch("sort.sharedBits", 16);
        int[] andOr = new int[RadixBitWords.WORDS];
        RadixBitWords.start(andOr, 0);
        backend.write(words, Pointer.to(andOr), 16);
        backend.launch(
            kernels.get("sort_shared_bits"),
            Math.min(tiles, SHARED_BITS_GROUPS),
            BLOCK_SIZE,
            keys,
            n,
            descending,
            words);
        backend.read(words, 0, Pointer.to(andOr), 16);
        int width = launch.keyType().bytes() * Byte.SIZE;
        return RadixPasses.sharedDigits(
            RadixBitWords.and(andOr, 0, width),
            RadixBitWords.or(andOr, 0, width),
            beginBit,
            endBit,
            digitBits);
      }
    };
  }

  /**
   * Keys per thread: 16 where a tile's keys and values take at most 32 KiB of local memory (4-byte
   * keys with or without 4-byte values, 8-byte keys alone), else as many as fit, at least 8. On the
   * H100 (NVIDIA OpenCL, 2^28, 2026-11-26) 16 against 8 took int keys with int values from 9.94 to
   * 8.68 ms, float keys with int values from 19.85 to 18.25 ms, long keys with int values (10 a
   * thread) from 15.13 to 13.57 ms, int and float keys alone 3-4 % less; 32 for keys alone was
   * slower (int 8.83 ms, float 17.40 ms).
   */
  @Override
  protected int itemsPerThread(DType keyType, DType valueType) {
    int bytesPerKey = keyType.bytes() + (valueType == null ? 0 : valueType.bytes());
    return Math.min(
        MAX_ITEMS_PER_THREAD,
        Math.max(ITEMS_PER_THREAD, TILE_LOCAL_BYTES / (BLOCK_SIZE * bytesPerKey)));
  }

  /** The sort kernels of one key type and value type. */
  private final class Kernels {
    private final DType width;
    private final String options;
    private final int items;

    Kernels(DType keyType, DType valueType) {
      this.width = keyType.bytes() == 4 ? DType.INT : DType.LONG;
      this.items = itemsPerThread(keyType, valueType);
      this.options =
          " -DDIGIT_BITS="
              + DIGIT_BITS
              + " -DRADIX_WIDTH="
              + keyType.bytes() * Byte.SIZE
              + " -DRADIX_T="
              + (keyType.bytes() == 4 ? "uint" : "ulong")
              + (keyType.isFloating() ? " -DFLOATING_KEYS" : "")
              + (valueType == null
                  ? ""
                  : " -DVALUE_T=" + (valueType.bytes() == 4 ? "uint" : "ulong"))
              + backend.lookback().warpOptions();
    }

    OpenClBackend.Kernel get(String name) {
      return backend.kernel(FILE, width, ReduceOp.SUM, BLOCK_SIZE, items, options, name);
    }
  }
}
