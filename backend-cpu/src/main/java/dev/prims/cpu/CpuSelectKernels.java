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
final class CpuSelectKernels implements SelectKernels {
  private static final int MIN_CHUNK = 1 << 14;

  private final CpuParallel parallel;

  CpuSelectKernels(CpuParallel parallel) {
    this.parallel = parallel;
  }

  /**
   * Counts the kept values of each chunk, then (their offsets known) writes each chunk's kept
   * values, and for a partition its rejected ones after all the kept.
   */
  @Override
  public long compact(Compaction compaction) {
    Object in = CpuSorter.heapArray(compaction.values());
    long[] code = compaction.program();
    int[] f =
        compaction.flagsIn() == null ? null : (int[]) CpuSorter.heapArray(compaction.flagsIn());
    int[] idx =
        compaction.indices() == null ? null : (int[]) CpuSorter.heapArray(compaction.indices());
    IndexTest test = CpuSelectProgram.compile(code, in, f);
    Object out = writable(compaction.valuesOut());
    int[] idxOut =
        compaction.indicesOut() == null ? null : (int[]) writable(compaction.indicesOut());
    long at = compaction.at();
    long capacity = compaction.capacity();
    boolean partition = compaction.partition();
    int n = Array.getLength(in);
    int chunks = chunks(n);
    long[] chunkKept = new long[chunks + 1];
    parallel.forEachChunk(
        chunks,
        c -> {
          long count = 0;
          for (int i = lo(c, chunks, n); i < lo(c + 1, chunks, n); i++) {
            if (test.test(i)) {
              count++;
            }
          }
          chunkKept[c + 1] = count;
        });
    for (int c = 0; c < chunks; c++) {
      chunkKept[c + 1] += chunkKept[c];
    }
    long total = chunkKept[chunks];
    parallel.forEachChunk(
        chunks,
        c -> {
          int from = lo(c, chunks, n);
          long before = chunkKept[c];
          long rejected = total + from - before;
          for (int i = from; i < lo(c + 1, chunks, n); i++) {
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
    Object in = CpuSorter.heapArray(digits.values());
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
        (from, to) -> {
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
    int[] out = (int[]) writable(digits.counts());
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
    Object in = CpuSorter.heapArray(gather.values());
    int[] idx = gather.indices() == null ? null : (int[]) CpuSorter.heapArray(gather.indices());
    IntToLongFunction radix = CpuSelectProgram.radix(in, gather.descending());
    int shift = gather.shift();
    long bound = gather.bound();
    int at = gather.at();
    int width = width(in);
    boolean all = shift >= width;
    long top = 1L << (width - 1);
    Object keys = writable(gather.keysOut());
    int[] idxOut = (int[]) writable(gather.indicesOut());
    int capacity = (int) gather.indicesOut().length();
    int[] count = (int[]) writable(gather.counter());
    AtomicInteger slots = new AtomicInteger(count[at]);
    forEach(
        Array.getLength(in),
        (from, to) -> {
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
    Object in = CpuSorter.heapArray(take.values());
    int[] idx = (int[]) CpuSorter.heapArray(take.indices());
    Object out = writable(take.valuesOut());
    int[] idxOut = (int[]) writable(take.indicesOut());
    forEach(
        take.count(),
        (from, to) -> {
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

  /** A body over {@code [from, to)}. */
  @FunctionalInterface
  private interface RangeBody {
    void run(int from, int to);
  }

  private void forEach(int n, RangeBody body) {
    int chunks = chunks(n);
    parallel.forEachChunk(chunks, c -> body.run(lo(c, chunks, n), lo(c + 1, chunks, n)));
  }

  private int chunks(int n) {
    return Math.max(1, Math.min(parallel.threads() * 4, n / MIN_CHUNK));
  }

  private static int lo(int chunk, int chunks, int n) {
    return CpuRadixSort.lo(chunk, chunks, n);
  }

  /** The array to write {@code buffer} through: its own, or a copy of an off-heap one. */
  private static Object writable(DeviceBuffer buffer) {
    return CpuSorter.heapArray(buffer);
  }

  /** Stores an array from {@link #writable} back when the buffer lives off the heap. */
  private static void commit(DeviceBuffer buffer, Object array) {
    CpuBuffer cpu = CpuBuffer.of(buffer);
    if (!cpu.onHeap()) {
      cpu.store(0, array, 0, Array.getLength(array));
    }
  }
}
