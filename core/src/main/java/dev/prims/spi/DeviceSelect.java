package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.SortOrder;
import dev.prims.TopKOrder;
import java.util.Arrays;

/**
 * Select, partition and top-k of a device backend, written once over its {@link SelectKernels} and
 * its own scan, histogram and sort.
 *
 * <p>A select is one compaction kernel of the backend ({@link SelectKernels#compact}: per tile, the
 * predicate program, a block scan of its flags, the tile's offset among the kept values, and a
 * stable scatter), with scratch only of the number of tiles.
 *
 * <p>A top-k is a radix select over the values' radix bits (as {@link Sorter} defines them,
 * complemented for the largest), from the most significant {@link SelectKernels#DIGIT_BITS}-bit
 * digit down (3 passes for 4-byte values, 6 for 8-byte): each pass counts, in one kernel, the digit
 * of every candidate whose higher bits equal the prefix found so far, and the digit holding the
 * k-th value extends the prefix, until the k-th value's radix bits are known (or every candidate
 * left is taken). The first pass also finds the bits every value shares (the AND and OR of all
 * radix bits), which later passes skip, and for integers counts the lowest digit too: when every
 * higher bit is shared (integers of a small range) that count alone places the k-th value, after
 * one read. Passes read the input until the values at or below the prefix are at most an eighth of
 * it; those are then gathered once (keys and indices), and later passes read only them. A last
 * gather takes the values at or below the k-th (in no order, as keys with their indices); the
 * backend's stable sort orders them by index, then by key, and the first k are taken from the input
 * by index, so equal values come lower index first. When far more values equal the k-th than are
 * needed, or when all the k share the k-th's radix bits and the input would be read anyway, the
 * needed ones are selected in input order instead (a compaction of the input, capped at the number
 * needed, which a backend may stop reading once it is reached). No step sorts the n values.
 */
public final class DeviceSelect implements Selector {
  /** The variant name of a select. */
  public static final String TILE_COMPACT = "tile-compact";

  /** The variant name of a top-k. */
  public static final String RADIX_SELECT = "radix-select";

  private static final int DIGIT_BITS = SelectKernels.DIGIT_BITS;

  /** Bins of a digit. */
  private static final int BINS = 1 << DIGIT_BITS;

  /** The values at or below the prefix are gathered once they are at most 1/POOL_SHARE of n. */
  private static final int POOL_SHARE = 8;

  /**
   * The values equal to the k-th are gathered and sorted with the rest while at most n/TIE_SHARE
   * more than needed; beyond, the needed ones are selected from the input in order.
   */
  private static final int TIE_SHARE = 16;

  /**
   * Gathered candidates up to this many are ranked on the host (two small copies and a sort of
   * their keys) instead of by further passes, sorts and a take on the device, each a launch and a
   * wait that cost more than the whole host step at this size.
   */
  static final int HOST_RANKED = 4096;

  private final Backend backend;
  private final SelectKernels kernels;
  private final Sorter sorter;

  /** The select of {@code backend} over its {@code kernels}, its top-k sorting with its sort. */
  public DeviceSelect(Backend backend, SelectKernels kernels) {
    this(backend, kernels, null);
  }

  /**
   * As above, the top-k's candidates sorted (two in-place stable sorts of int or long keys with int
   * values: by index, then by key) by {@code sorter} where not null, else by the backend's.
   */
  public DeviceSelect(Backend backend, SelectKernels kernels, Sorter sorter) {
    this.backend = backend;
    this.kernels = kernels;
    this.sorter = sorter;
  }

  @Override
  public long select(BufferSelect select, CallContext call) {
    DeviceBuffer values = select.values();
    requireIntLength(values);
    long kept =
        compact(
            new SelectKernels.Compaction(
                values,
                null,
                select.program(),
                select.flags(),
                select.out(),
                null,
                0,
                values.length(),
                select.partition()));
    call.usedVariant(TILE_COMPACT);
    return kept;
  }

  @Override
  public void topK(BufferTopK topK, CallContext call) {
    DeviceBuffer values = topK.values();
    int k = topK.k();
    TopKOrder order = topK.order();
    DeviceBuffer valuesOut = topK.valuesOut();
    DeviceBuffer indicesOut = topK.indicesOut();
    requireIntLength(values);
    BufferManager buffers = backend.buffers();
    boolean descending = order == TopKOrder.LARGEST;
    int width = values.type().bytes() * Byte.SIZE;
    long n = values.length();
    int passes = (width + DIGIT_BITS - 1) / DIGIT_BITS;
    int lowAt = passes * BINS; // the first pass's counts of the lowest digit
    int bitsAt = lowAt + BINS; // the AND and OR of every value's radix bits (RadixBitWords)
    int poolCounter = bitsAt + RadixBitWords.WORDS;
    int lastCounter = poolCounter + 1;
    int[] counts = new int[lastCounter + 1];
    RadixBitWords.start(counts, bitsAt);
    // integers often span a small range: the first pass then also counts the lowest digit, which
    // gives the k-th value at once when every higher bit is shared
    boolean countLowDigit = !values.type().isFloating();
    Subset source = new Subset(values, null); // the input, or the values gathered from it
    boolean sourceDescending = descending; // gathered keys are in ascending order
    long m = n; // the candidates: values whose radix bits above bit hi equal the prefix
    long need = k; // how many of the candidates are among the k
    long prefix = 0;
    long varying = -1L; // the radix bits that differ between values (known after the first pass)
    long shared = 0; // the bits every value has
    int hi = width;
    try (DeviceBuffer scratch = buffers.upload(counts)) {
      try {
        for (int pass = 0; hi > 0 && need < m; pass++) {
          boolean first = pass == 0;
          int bits = Math.min(DIGIT_BITS, hi);
          int shift = hi - bits;
          kernels.digitCounts(
              new SelectKernels.DigitCount(
                  source.values(),
                  shift,
                  bits,
                  prefixAbove(prefix, hi, width),
                  sourceDescending,
                  scratch,
                  pass * BINS,
                  first && countLowDigit ? lowAt : -1,
                  first ? bitsAt : -1));
          buffers.download(scratch, counts);
          int from = pass * BINS;
          if (first) {
            shared = RadixBitWords.and(counts, bitsAt, width);
            varying = shared ^ RadixBitWords.or(counts, bitsAt, width);
            if (countLowDigit && Long.SIZE - Long.numberOfLeadingZeros(varying) <= DIGIT_BITS) {
              from = lowAt;
              shift = 0;
              prefix = shared & ~((1L << DIGIT_BITS) - 1);
            }
          }
          long below = 0;
          int digit = from;
          while (below + counts[digit] < need) {
            below += counts[digit++];
          }
          need -= below;
          prefix |= (long) (digit - from) << shift;
          m = counts[digit];
          hi = shift;
          while (hi > 0 && (varying >>> (hi - 1) & 1) == 0) { // bits every value shares
            hi--;
            prefix |= shared & (1L << hi);
          }
          long atOrBelow = k - need + m;
          if (source.indices() == null && hi > 0 && need < m && atOrBelow <= n / POOL_SHARE) {
            source =
                gather(
                    source, hi, prefix >>> hi, sourceDescending, atOrBelow, scratch, poolCounter);
            sourceDescending = false;
            if (atOrBelow <= HOST_RANKED) {
              takeFirstRankedOnHost(values, source, k, valuesOut, indicesOut);
              call.usedVariant(RADIX_SELECT);
              return;
            }
          }
        }
        long less = k - need; // values strictly before the k-th's radix bits
        long total = less + m;
        // a compaction reads the input at most once, as a gather of it does: taking the tied values
        // in input order then spares the sort of all of them
        boolean tiesFromInput = less == 0 && m > need && source.indices() == null;
        if (hi > 0 || (total - k <= n / TIE_SHARE && !tiesFromInput)) {
          try (Subset atOrBelow =
              gather(
                  source,
                  hi,
                  prefixAbove(prefix, hi, width),
                  sourceDescending,
                  total,
                  scratch,
                  lastCounter)) {
            sortAndTake(values, atOrBelow, k, valuesOut, indicesOut, call);
          }
        } else {
          // many values share the k-th's radix bits: the first `need` of them in input order
          if (less > 0) {
            try (Subset before =
                gather(source, 0, prefix - 1, sourceDescending, less, scratch, lastCounter)) {
              sortAndTake(values, before, less, valuesOut, indicesOut, call);
            }
          }
          compact(
              new SelectKernels.Compaction(
                  values,
                  null,
                  SelectProgram.radixPrefix(prefix, 0, descending),
                  null,
                  valuesOut,
                  indicesOut,
                  less,
                  need,
                  false));
        }
      } finally {
        source.close();
      }
    }
    call.usedVariant(RADIX_SELECT);
  }

  /** The radix bits of {@code prefix} above bit {@code hi} (0 when {@code hi} is the width). */
  private static long prefixAbove(long prefix, int hi, int width) {
    return hi >= width ? 0 : prefix >>> hi;
  }

  /**
   * The {@code size} values of {@code from} whose radix bits above bit {@code shift} are at most
   * {@code bound}, as keys with their input indices, in no order.
   */
  private Subset gather(
      Subset from,
      int shift,
      long bound,
      boolean descending,
      long size,
      DeviceBuffer counter,
      int at) {
    BufferManager buffers = backend.buffers();
    DType keyType = from.values().type().bytes() == Integer.BYTES ? DType.INT : DType.LONG;
    DeviceBuffer keys = buffers.allocate(keyType, size);
    DeviceBuffer indices = null;
    try {
      indices = buffers.allocate(DType.INT, size);
      kernels.gather(
          new SelectKernels.Gather(
              from.values(), from.indices(), shift, bound, descending, keys, indices, counter, at));
      return new Subset(keys, indices);
    } catch (RuntimeException | Error e) {
      keys.close();
      if (indices != null) {
        indices.close();
      }
      throw e;
    }
  }

  /**
   * Orders {@code keys} by index, then (stably) by key, and writes the first {@code count} input
   * values and their indices to the front of the outputs.
   */
  private void sortAndTake(
      DeviceBuffer input,
      Subset keys,
      long count,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      CallContext call) {
    Sorter sorter = this.sorter != null ? this.sorter : backend.sorter();
    int indexBits = Integer.SIZE - Integer.numberOfLeadingZeros((int) input.length() - 1);
    DeviceBuffer k = keys.values();
    DeviceBuffer i = keys.indices();
    sorter.sort(BufferSort.inPlace(i, k, SortOrder.ASCENDING, 0, indexBits), call);
    sorter.sort(
        BufferSort.inPlace(k, i, SortOrder.ASCENDING, 0, k.type().bytes() * Byte.SIZE), call);
    kernels.take(new SelectKernels.Take(input, i, (int) count, valuesOut, indicesOut));
  }

  /**
   * Downloads the gathered {@code pool} (keys with their input indices), orders it by key and then
   * index on the host, and takes the first {@code k} from the input by index.
   */
  private void takeFirstRankedOnHost(
      DeviceBuffer input, Subset pool, int k, DeviceBuffer valuesOut, DeviceBuffer indicesOut) {
    BufferManager buffers = backend.buffers();
    int size = (int) pool.values().length();
    long[] keys = new long[size];
    if (pool.values().type() == DType.INT) {
      int[] ints = new int[size];
      buffers.download(pool.values(), ints);
      for (int j = 0; j < size; j++) {
        keys[j] = ints[j];
      }
    } else {
      buffers.download(pool.values(), keys);
    }
    int[] indices = new int[size];
    buffers.download(pool.indices(), indices);
    // (rank of the key among the distinct keys, index) in one long each, so one sort orders both
    long[] sorted = keys.clone();
    Arrays.sort(sorted);
    int distinct = 0;
    for (int j = 0; j < size; j++) {
      if (j == 0 || sorted[j] != sorted[distinct - 1]) {
        sorted[distinct++] = sorted[j];
      }
    }
    long[] ranked = new long[size];
    for (int j = 0; j < size; j++) {
      ranked[j] = (long) Arrays.binarySearch(sorted, 0, distinct, keys[j]) << 32 | indices[j];
    }
    Arrays.sort(ranked);
    int[] first = new int[k];
    for (int j = 0; j < k; j++) {
      first[j] = (int) ranked[j];
    }
    try (DeviceBuffer chosen = buffers.upload(first)) {
      kernels.take(new SelectKernels.Take(input, chosen, k, valuesOut, indicesOut));
    }
  }

  /**
   * Keys with their indices in the input ({@code indices} null: the input itself, whose indices are
   * the positions); closing releases them unless they are the input.
   */
  private record Subset(DeviceBuffer values, DeviceBuffer indices) implements AutoCloseable {
    @Override
    public void close() {
      if (indices != null) {
        values.close();
        indices.close();
      }
    }
  }

  /**
   * One compaction (see {@link SelectKernels#compact}); returns the kept count, 0 without a launch
   * for empty values.
   */
  private long compact(SelectKernels.Compaction compaction) {
    return compaction.values().length() == 0 ? 0 : kernels.compact(compaction);
  }

  private static void requireIntLength(DeviceBuffer values) {
    if (values.length() > Integer.MAX_VALUE) {
      throw new UnsupportedOperationException(
          "select and top-k take at most "
              + Integer.MAX_VALUE
              + " values on backend "
              + values.backend()
              + "; this buffer has "
              + values.length());
    }
  }
}
