package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.SortOrder;

/**
 * The sort of a device backend, over its memory handles {@code M}: host arrays go up, are sorted
 * and come back ({@link Sorter#sortThroughBuffers}); a sort of buffers checks the key limit, copies
 * a trivial sort (fewer than two keys, or no bits) and otherwise runs the {@link DeviceRadixSort}
 * passes the backend gives, with scratch for the keys, the values and the tile counts. The tuning
 * numbers are those of both twins' kernels ({@code device/sort.cu} and {@code sort.cl}), which
 * mirror them: a tile's local sort counts ranks in 16-bit fields, so a tile holds fewer than 65536
 * keys.
 *
 * @param <M> the backend's handle of device memory (the same buffer gives the same handle)
 */
public abstract class DeviceSorter<M> implements Sorter {
  /** The variant: least-significant-digit radix sort. */
  public static final String LSD_RADIX = "lsd-radix";

  /** The variant: onesweep radix sort (one histogram kernel, one kernel per pass). */
  public static final String ONESWEEP = "onesweep";

  /** Threads per block (work-items per work-group). */
  public static final int BLOCK_SIZE = 256;

  /** Keys per thread in a tile. */
  public static final int ITEMS_PER_THREAD = 8;

  /** Keys per tile. */
  public static final int TILE = BLOCK_SIZE * ITEMS_PER_THREAD;

  /** Bits of one pass's digit. */
  public static final int DIGIT_BITS = 8;

  /** Digits of one pass. */
  public static final int RADIX = 1 << DIGIT_BITS;

  /** Most blocks of the grid-stride pass that turns radix bits back into keys. */
  public static final long MAX_TRANSFORM_BLOCKS = 4096;

  /** The output slots are 32-bit: a sort takes fewer keys than this. */
  public static final long MAX_KEYS = 1L << 32;

  private final String backendName;

  /** A sorter whose errors name the backend as {@code backendName} (as "the CUDA sort"). */
  protected DeviceSorter(String backendName) {
    this.backendName = backendName;
  }

  /** Tiles of {@code n} keys. */
  public static long tiles(long n) {
    return (n + TILE - 1) / TILE;
  }

  /** Blocks of a grid-stride pass over {@code n} keys. */
  public static long transformBlocks(long n) {
    return Math.max(1, Math.min(MAX_TRANSFORM_BLOCKS, (n + BLOCK_SIZE - 1) / BLOCK_SIZE));
  }

  /** One sort's launch parameters: what the passes of {@link #passes} need besides the handles. */
  protected record Launch<M>(
      DType keyType, DType valueType, long n, long tiles, M counts, int descending) {
    /** Length of the tile counts ({@link #RADIX} per tile). */
    public long countsLength() {
      return RADIX * tiles;
    }
  }

  /**
   * One sort of {@code n >= 2} keys by bits {@code [beginBit, endBit)} (not empty): the inputs, the
   * outputs (the same handles when in place), scratch as large as the keys and the values, and
   * {@code descending} as the kernels take it (1 or 0). Values are null for keys alone.
   */
  protected record Job<M>(
      DType keyType,
      DType valueType,
      long n,
      int descending,
      M keys,
      M values,
      M keysOut,
      M valuesOut,
      M keysTmp,
      M valuesTmp,
      int beginBit,
      int endBit) {}

  /** The buffers' manager, through which host arrays go up and come back. */
  protected abstract BufferManager buffers();

  /** The memory behind {@code buffer}, which must belong to this backend and be open. */
  protected abstract M memory(DeviceBuffer buffer);

  /** Runs {@code work} under the backend's lock and waits for the device. */
  protected abstract void run(Runnable work);

  /** Enqueues a copy of {@code bytes} from {@code from} to {@code to}. */
  protected abstract void copy(M from, M to, long bytes);

  /** Scratch of at least {@code bytes} for {@code slot}, kept for later sorts (under the lock). */
  protected abstract M scratch(String slot, long bytes);

  /** The kernel launches of one sort. */
  protected abstract DeviceRadixSort<M> passes(Launch<M> launch);

  /**
   * Keys per thread in a tile of the LSD radix passes over these key and value types: {@link
   * #ITEMS_PER_THREAD} unless a backend's kernels take another.
   */
  protected int itemsPerThread(DType keyType, DType valueType) {
    return ITEMS_PER_THREAD;
  }

  /** The variant this sorter runs: {@link #LSD_RADIX} unless a backend offers another. */
  protected String variant() {
    return LSD_RADIX;
  }

  /**
   * Enqueues {@code job} (under the lock): by default the LSD radix passes of {@link #passes}, with
   * scratch for the tile counts; a backend with another {@link #variant} runs its own.
   */
  protected void sortBits(Job<M> job) {
    long tile = (long) BLOCK_SIZE * itemsPerThread(job.keyType(), job.valueType());
    long tiles = (job.n() + tile - 1) / tile;
    M counts = scratch("sort.counts", RADIX * tiles * 4);
    passes(new Launch<>(job.keyType(), job.valueType(), job.n(), tiles, counts, job.descending()))
        .sort(job, DIGIT_BITS);
  }

  @Override
  public void sort(Object keys, Object values, SortOrder order, CallContext call) {
    Sorter.sortThroughBuffers(this, buffers(), keys, keys, values, order, call);
  }

  @Override
  public void sortInto(Object keys, Object output, SortOrder order, CallContext call) {
    Sorter.sortThroughBuffers(this, buffers(), keys, output, null, order, call);
  }

  @Override
  public Object sortedCopy(Object keys, SortOrder order, CallContext call) {
    return Sorter.sortedCopyThroughBuffers(this, buffers(), keys, order, call);
  }

  @Override
  public void sort(BufferSort sort, CallContext call) {
    M k = memory(sort.keys());
    M kOut = memory(sort.keysOut());
    M v = sort.values() == null ? null : memory(sort.values());
    M vOut = sort.values() == null ? null : memory(sort.valuesOut());
    long n = sort.keys().length();
    if (n >= MAX_KEYS) {
      throw new IllegalArgumentException(
          "the " + backendName + " sort takes fewer than 2^32 keys, got " + n);
    }
    call.usedVariant(variant());
    if (n == 0) {
      return;
    }
    DType keyType = sort.keys().type();
    DType valueType = sort.values() == null ? null : sort.values().type();
    int descending = sort.order() == SortOrder.DESCENDING ? 1 : 0;
    run(
        () -> {
          if (n < 2 || sort.beginBit() == sort.endBit()) {
            if (sort.keysMove()) {
              copy(k, kOut, n * keyType.bytes());
            }
            if (sort.valuesMove()) {
              copy(v, vOut, n * valueType.bytes());
            }
            return;
          }
          M keysTmp = scratch("sort.keys", n * keyType.bytes());
          M valuesTmp = v == null ? null : scratch("sort.values", n * valueType.bytes());
          sortBits(
              new Job<>(
                  keyType,
                  valueType,
                  n,
                  descending,
                  k,
                  v,
                  kOut,
                  vOut,
                  keysTmp,
                  valuesTmp,
                  sort.beginBit(),
                  sort.endBit()));
        });
  }
}
