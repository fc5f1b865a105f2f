package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.cpu.CpuSelectProgram.IndexTest;
import dev.prims.spi.SelectKernels;
import java.lang.reflect.Array;
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
  public void compact(
      DeviceBuffer values,
      DeviceBuffer indices,
      DeviceBuffer program,
      int instructions,
      DeviceBuffer flagsIn,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      long at,
      long capacity,
      boolean partition,
      DeviceBuffer kept) {
    Object in = CpuSorter.heapArray(values);
    long[] code = (long[]) CpuSorter.heapArray(program);
    int[] f = flagsIn == null ? null : (int[]) CpuSorter.heapArray(flagsIn);
    int[] idx = indices == null ? null : (int[]) CpuSorter.heapArray(indices);
    IndexTest test = CpuSelectProgram.compile(code, in, f);
    Object out = writable(valuesOut);
    int[] idxOut = indicesOut == null ? null : (int[]) writable(indicesOut);
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
    commit(valuesOut, out);
    if (idxOut != null) {
      commit(indicesOut, idxOut);
    }
    long[] count = (long[]) writable(kept);
    count[0] = total;
    commit(kept, count);
  }

  @Override
  public void digits(
      DeviceBuffer values, int shift, int bits, boolean descending, DeviceBuffer digits) {
    Object in = CpuSorter.heapArray(values);
    int[] out = (int[]) writable(digits);
    IntToLongFunction radix = CpuSelectProgram.radix(in, descending);
    long mask = (1L << bits) - 1;
    forEach(
        Array.getLength(in),
        (from, to) -> {
          for (int i = from; i < to; i++) {
            out[i] = (int) ((radix.applyAsLong(i) >>> shift) & mask);
          }
        });
    commit(digits, out);
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
