package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.TopKOrder;

/**
 * Select, partition and top-k of a device backend, written once over its {@link SelectKernels} and
 * its own scan, histogram and sort.
 *
 * <p>A select is one compaction kernel of the backend ({@link SelectKernels#compact}: per tile, the
 * predicate program, a block scan of its flags, the tile's offset among the kept values, and a
 * stable scatter), with scratch only of the number of tiles. A top-k is a radix select: from the
 * most significant 8-bit digit of the values' radix bits down, a digit kernel and the backend's
 * histogram count the digits of the candidates, the digit holding the k-th value is chosen and the
 * candidates narrow to those with that prefix (a select, with their indices), until the k-th
 * value's radix bits are known (or every candidate left is taken). The first narrowing also keeps
 * the values below the chosen prefix (the pool), so that only the first pass and one select read
 * all n values: the values below the k-th are then selected from the pool, the first of the values
 * equal to it (lower indices first) fill the rest, and the backend's stable sort puts the k in
 * order. No step sorts the n values.
 */
public final class DeviceSelect implements Selector {
  /** The variant name of a select. */
  public static final String TILE_COMPACT = "tile-compact";

  /** The variant name of a top-k. */
  public static final String RADIX_SELECT = "radix-select";

  private static final int DIGIT_BITS = 8;

  private final Backend backend;
  private final SelectKernels kernels;

  public DeviceSelect(Backend backend, SelectKernels kernels) {
    this.backend = backend;
    this.kernels = kernels;
  }

  @Override
  public long select(
      DeviceBuffer values,
      long[] program,
      DeviceBuffer flags,
      DeviceBuffer out,
      boolean partition,
      CallContext call) {
    requireIntLength(values);
    long kept =
        compact(values, null, program, flags, out, null, 0, values.length(), partition, call);
    call.usedVariant(TILE_COMPACT);
    return kept;
  }

  @Override
  public void topK(
      DeviceBuffer values,
      int k,
      TopKOrder order,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      CallContext call) {
    requireIntLength(values);
    BufferManager buffers = backend.buffers();
    boolean descending = order == TopKOrder.LARGEST;
    int width = values.type().bytes() * Byte.SIZE;
    long[] counts = new long[1 << DIGIT_BITS];
    Subset input = new Subset(values, null);
    Subset pool = input; // every value that may be among the k, in input order
    Subset candidates = input; // the values whose radix bits start with the prefix found so far
    long m = values.length();
    long need = k; // how many of the candidates are among the k
    long prefix = 0;
    try (DeviceBuffer countsBuffer = buffers.allocate(DType.LONG, counts.length)) {
      for (int shift = width - DIGIT_BITS; shift >= 0 && need < m; shift -= DIGIT_BITS) {
        try (DeviceBuffer digits = buffers.allocate(DType.INT, m)) {
          kernels.digits(candidates.values(), shift, DIGIT_BITS, descending, digits);
          backend
              .histogrammer()
              .histogram(digits, HistogramSpec.keys(counts.length), countsBuffer, call);
        }
        buffers.download(countsBuffer, counts);
        long below = 0;
        int digit = 0;
        while (below + counts[digit] < need) {
          below += counts[digit++];
        }
        need -= below;
        prefix |= (long) digit << shift;
        long inDigit = counts[digit];
        if (inDigit == m) {
          continue;
        }
        long[] samePrefix = SelectProgram.radixPrefix(prefix >>> shift, shift, descending);
        if (pool == input) {
          // the first narrowing also drops every value above the prefix from the pool, so that
          // the values below the k-th are later selected from the pool, not from the input
          long poolSize = k - need + inDigit;
          pool =
              narrow(
                  input, SelectProgram.radixAtOrBelow(prefix, shift, descending), poolSize, call);
          candidates = pool;
        }
        Subset next = narrow(candidates, samePrefix, inDigit, call);
        if (candidates != pool) {
          candidates.close();
        }
        candidates = next;
        m = inDigit;
      }
      // every candidate now has the radix bits of the k-th value (or all of them are taken)
      long less = k - need;
      if (less > 0) {
        long[] lower = SelectProgram.radixBelow(prefix, descending);
        compact(
            pool.values(),
            pool.indices(),
            lower,
            null,
            valuesOut,
            indicesOut,
            0,
            less,
            false,
            call);
      }
      compact(
          candidates.values(),
          candidates.indices(),
          SelectProgram.always(),
          null,
          valuesOut,
          indicesOut,
          less,
          need,
          false,
          call);
    } finally {
      if (candidates != pool) {
        candidates.close();
      }
      pool.close();
    }
    backend
        .sorter()
        .sort(valuesOut, indicesOut, valuesOut, indicesOut, order.sortOrder(), 0, width, call);
    call.usedVariant(RADIX_SELECT);
  }

  /**
   * Values with their indices in the input ({@code indices} null: the input itself, whose indices
   * are the positions); closing releases them unless they are the input.
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

  /** The {@code size} values of {@code from} for which {@code program} holds, in order. */
  private Subset narrow(Subset from, long[] program, long size, CallContext call) {
    BufferManager buffers = backend.buffers();
    DeviceBuffer values = buffers.allocate(from.values().type(), size);
    DeviceBuffer indices = null;
    try {
      indices = buffers.allocate(DType.INT, size);
      compact(from.values(), from.indices(), program, null, values, indices, 0, size, false, call);
      return new Subset(values, indices);
    } catch (RuntimeException | Error e) {
      values.close();
      if (indices != null) {
        indices.close();
      }
      throw e;
    }
  }

  /** One compaction (see {@link SelectKernels#compact}); returns the kept count. */
  private long compact(
      DeviceBuffer values,
      DeviceBuffer indices,
      long[] program,
      DeviceBuffer flagsIn,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      long at,
      long capacity,
      boolean partition,
      CallContext call) {
    long n = values.length();
    if (n == 0) {
      return 0;
    }
    BufferManager buffers = backend.buffers();
    try (DeviceBuffer code = buffers.upload(program);
        DeviceBuffer kept = buffers.allocate(DType.LONG, 1)) {
      kernels.compact(
          values,
          indices,
          code,
          SelectProgram.instructions(program),
          flagsIn,
          valuesOut,
          indicesOut,
          at,
          capacity,
          partition,
          kept);
      long[] count = new long[1];
      buffers.download(kept, count);
      return count[0];
    }
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
