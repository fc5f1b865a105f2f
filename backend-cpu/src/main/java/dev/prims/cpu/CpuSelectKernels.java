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

  @Override
  public void flags(
      DeviceBuffer values,
      DeviceBuffer program,
      int instructions,
      DeviceBuffer flagsIn,
      DeviceBuffer flags) {
    Object in = CpuSorter.heapArray(values);
    long[] code = (long[]) CpuSorter.heapArray(program);
    int[] f = flagsIn == null ? null : (int[]) CpuSorter.heapArray(flagsIn);
    int[] out = (int[]) writable(flags);
    IndexTest test = CpuSelectProgram.compile(code, in, f);
    int n = Array.getLength(in);
    forEach(
        n,
        (from, to) -> {
          for (int i = from; i < to; i++) {
            out[i] = test.test(i) ? 1 : 0;
          }
        });
    commit(flags, out);
  }

  @Override
  public void scatter(
      DeviceBuffer values,
      DeviceBuffer indices,
      DeviceBuffer flags,
      DeviceBuffer offsets,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      long at,
      long capacity,
      boolean partition,
      DeviceBuffer kept) {
    Object in = CpuSorter.heapArray(values);
    int[] idx = indices == null ? null : (int[]) CpuSorter.heapArray(indices);
    int[] f = (int[]) CpuSorter.heapArray(flags);
    int[] off = (int[]) CpuSorter.heapArray(offsets);
    Object out = writable(valuesOut);
    int[] idxOut = indicesOut == null ? null : (int[]) writable(indicesOut);
    int n = Array.getLength(in);
    long total = n == 0 ? 0 : (long) off[n - 1] + f[n - 1];
    forEach(
        n,
        (from, to) -> {
          for (int i = from; i < to; i++) {
            int target;
            if (f[i] != 0) {
              if (off[i] >= capacity) {
                continue;
              }
              target = (int) (at + off[i]);
              if (idxOut != null) {
                idxOut[target] = idx == null ? i : idx[i];
              }
            } else if (partition) {
              target = (int) (total + i - off[i]);
            } else {
              continue;
            }
            System.arraycopy(in, i, out, target, 1);
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
    int chunks = Math.max(1, Math.min(parallel.threads() * 4, n / MIN_CHUNK));
    parallel.forEachChunk(
        chunks, c -> body.run(CpuRadixSort.lo(c, chunks, n), CpuRadixSort.lo(c + 1, chunks, n)));
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
