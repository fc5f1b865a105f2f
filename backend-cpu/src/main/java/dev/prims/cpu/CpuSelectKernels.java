package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.cpu.CpuSelectProgram.IndexTest;
import dev.prims.spi.RadixBitWords;
import dev.prims.spi.SelectKernels;
import java.lang.reflect.Array;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntToLongFunction;

/**
 * The select kernels of {@link dev.prims.spi.DeviceSelect} on the cpu backend's workers, for its
 * top-k: loops over chunks of Java arrays (buffers off the heap are read into and written back from
 * arrays).
 */
record CpuSelectKernels(CpuParallel parallel) implements SelectKernels {
  private static final int MIN_CHUNK = 1 << 14;

  /**
   * Counts the kept values of each chunk, then (their offsets known) writes each chunk's kept
   * values, and for a partition its rejected ones after all the kept.
   */
  @Override
  public long compact(Compaction compaction) {
    Object in = CpuBuffer.heapArray(compaction.values());
    long[] code = compaction.program();
    int[] f =
        compaction.flagsIn() == null ? null : (int[]) CpuBuffer.heapArray(compaction.flagsIn());
    int[] idx =
        compaction.indices() == null ? null : (int[]) CpuBuffer.heapArray(compaction.indices());
    IndexTest test = CpuSelectProgram.compile(code, in, f);
    Object out = CpuBuffer.heapArray(compaction.valuesOut());
    int[] idxOut =
        compaction.indicesOut() == null
            ? null
            : (int[]) CpuBuffer.heapArray(compaction.indicesOut());
    long at = compaction.at();
    long capacity = compaction.capacity();
    boolean partition = compaction.partition();
    int n = Array.getLength(in);
    int chunks = chunks(n);
    int[] chunkKept = CpuSelector.keptStarts(parallel, test, n, chunks);
    long total = chunkKept[chunks];
    parallel.forEachRange(
        n,
        chunks,
        (c, from, to) -> {
          long before = chunkKept[c];
          long rejected = total + from - before;
          for (int i = from; i < to; i++) {
            long target;
            if (test.test(i)) {
              if (before >= capacity) {
                before++;
                continue;
              }
              target = at + before++;
              if (idxOut != null) {
                idxOut[(int) target] = idx == null ? i : idx[i];
              }
            } else if (partition) {
              target = rejected++;
            } else {
              continue;
            }
            System.arraycopy(in, i, out, (int) target, 1);
          }
        });
    commit(compaction.valuesOut(), out);
    if (idxOut != null) {
      commit(compaction.indicesOut(), idxOut);
    }
    return total;
  }

  @Override
  public void digitCounts(DigitCount digits) {
    Object in = CpuBuffer.heapArray(digits.values());
    IntToLongFunction radix = CpuSelectProgram.radix(in, digits.descending());
    int shift = digits.shift();
    int bits = digits.bits();
    long prefix = digits.prefix();
    int high = shift + bits;
    boolean all = high >= width(in);
    long mask = (1L << bits) - 1;
    boolean low = digits.lowAt() >= 0;
    int[] total = new int[1 << bits];
    int[] lowTotal = new int[low ? 1 << DIGIT_BITS : 0];
    long[] bitsTotal = {-1L, 0L}; // AND, OR of the counted radix bits
    forEach(
        Array.getLength(in),
        (c, from, to) -> {
          int[] local = new int[total.length];
          int[] lowLocal = new int[lowTotal.length];
          long ands = -1L;
          long ors = 0L;
          for (int i = from; i < to; i++) {
            long r = radix.applyAsLong(i);
            if (all || r >>> high == prefix) {
              local[(int) ((r >>> shift) & mask)]++;
              if (low) {
                lowLocal[(int) r & (lowLocal.length - 1)]++;
              }
              ands &= r;
              ors |= r;
            }
          }
          synchronized (total) {
            for (int d = 0; d < local.length; d++) {
              total[d] += local[d];
            }
            for (int d = 0; d < lowLocal.length; d++) {
              lowTotal[d] += lowLocal[d];
            }
            bitsTotal[0] &= ands;
            bitsTotal[1] |= ors;
          }
        });
    int[] out = (int[]) CpuBuffer.heapArray(digits.counts());
    for (int d = 0; d < total.length; d++) {
      out[digits.at() + d] += total[d];
    }
    for (int d = 0; d < lowTotal.length; d++) {
      out[digits.lowAt() + d] += lowTotal[d];
    }
    if (digits.bitsAt() >= 0) {
      RadixBitWords.merge(out, digits.bitsAt(), bitsTotal[0], bitsTotal[1], width(in));
    }
    commit(digits.counts(), out);
  }

  @Override
  public void gather(Gather gather) {
    Object in = CpuBuffer.heapArray(gather.values());
    int[] idx = gather.indices() == null ? null : (int[]) CpuBuffer.heapArray(gather.indices());
    IntToLongFunction radix = CpuSelectProgram.radix(in, gather.descending());
    int shift = gather.shift();
    long bound = gather.bound();
    int at = gather.at();
    int width = width(in);
    boolean all = shift >= width;
    long top = 1L << (width - 1);
    Object keys = CpuBuffer.heapArray(gather.keysOut());
    int[] idxOut = (int[]) CpuBuffer.heapArray(gather.indicesOut());
    int capacity = (int) gather.indicesOut().length();
    int[] count = (int[]) CpuBuffer.heapArray(gather.counter());
    AtomicInteger slots = new AtomicInteger(count[at]);
    forEach(
        Array.getLength(in),
        (c, from, to) -> {
          int kept = 0;
          for (int i = from; i < to; i++) {
            if (all || Long.compareUnsigned(radix.applyAsLong(i) >>> shift, bound) <= 0) {
              kept++;
            }
          }
          int slot = slots.getAndAdd(kept);
          for (int i = from; i < to && kept > 0; i++) {
            long r = radix.applyAsLong(i);
            if (all || Long.compareUnsigned(r >>> shift, bound) <= 0) {
              if (slot < capacity) {
                if (keys instanceof int[] k) {
                  k[slot] = (int) (r ^ top);
                } else {
                  ((long[]) keys)[slot] = r ^ top;
                }
                idxOut[slot] = idx == null ? i : idx[i];
              }
              slot++;
              kept--;
            }
          }
        });
    count[at] = slots.get();
    commit(gather.keysOut(), keys);
    commit(gather.indicesOut(), idxOut);
    commit(gather.counter(), count);
  }

  @Override
  public void take(Take take) {
    Object in = CpuBuffer.heapArray(take.values());
    int[] idx = (int[]) CpuBuffer.heapArray(take.indices());
    Object out = CpuBuffer.heapArray(take.valuesOut());
    int[] idxOut = (int[]) CpuBuffer.heapArray(take.indicesOut());
    forEach(
        take.count(),
        (c, from, to) -> {
          for (int j = from; j < to; j++) {
            idxOut[j] = idx[j];
            System.arraycopy(in, idx[j], out, j, 1);
          }
        });
    commit(take.valuesOut(), out);
    commit(take.indicesOut(), idxOut);
  }

  /** The width in bits of the radix bits of an array's values. */
  private static int width(Object array) {
    return array instanceof int[] || array instanceof float[] ? Integer.SIZE : Long.SIZE;
  }

  private void forEach(int n, CpuParallel.RangeBody body) {
    parallel.forEachRange(n, chunks(n), body);
  }

  private int chunks(int n) {
    return parallel.ranges(n, 4, MIN_CHUNK);
  }

  /** Stores an array from {@link CpuBuffer#heapArray} back when the buffer lives off the heap. */
  private static void commit(DeviceBuffer buffer, Object array) {
    CpuBuffer.storeBack(buffer, array, Array.getLength(array));
  }
}
