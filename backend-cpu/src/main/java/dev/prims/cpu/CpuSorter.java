package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.SortOrder;
import dev.prims.spi.BufferSort;
import dev.prims.spi.CallContext;
import dev.prims.spi.Sorter;
import java.util.Arrays;

/**
 * The cpu backend's sort: {@link CpuRadixSort} on the backend's workers, or {@link Arrays#sort} for
 * keys alone below the size where it is faster (measured on random keys beside {@code Arrays.sort},
 * 2 cores, 2026-11-25). Floating keys go through their radix bits ({@link RadixLoops}); integer
 * keys are turned into radix bits in place.
 */
final class CpuSorter implements Sorter {
  /** The variant of the radix sort. */
  static final String LSD_RADIX = "lsd-radix";

  /** The variant of small sorts of keys alone. */
  static final String COMPARISON = "arrays-sort";

  /** Int or float keys from which the radix sort is used for keys alone (pairs always use it). */
  static final int RADIX_FROM_32 = 1 << 10;

  /** Long or double keys from which the radix sort is used for keys alone (eight passes). */
  static final int RADIX_FROM_64 = 1 << 12;

  /** The most elements of a Java array. */
  private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

  private final CpuParallel parallel;
  private final CpuRadixSort radix;

  CpuSorter(CpuParallel parallel) {
    this.parallel = parallel;
    this.radix = new CpuRadixSort(parallel);
  }

  @Override
  public void sort(Object keys, Object values, SortOrder order, CallContext call) {
    boolean wide = keys instanceof long[] || keys instanceof double[];
    sort(keys, values, order, 0, wide ? Long.SIZE : Integer.SIZE, call);
  }

  /**
   * Copies the inputs to the outputs when they differ, then sorts the heap arrays behind the
   * outputs; a buffer off the heap is copied into an array and back (one of more elements than a
   * Java array holds cannot be sorted here).
   */
  @Override
  public void sort(BufferSort sort, CallContext call) {
    Object keyArray = heapArray(sort.keys());
    Object valueArray = sort.values() == null ? null : heapArray(sort.values());
    if (sort.keysMove()) {
      keyArray = copyInto(sort.keysOut(), keyArray);
    }
    if (sort.valuesMove()) {
      valueArray = copyInto(sort.valuesOut(), valueArray);
    }
    sort(keyArray, valueArray, sort.order(), sort.beginBit(), sort.endBit(), call);
    putBack(sort.keysOut(), keyArray);
    if (sort.values() != null) {
      putBack(sort.valuesOut(), valueArray);
    }
  }

  /** Copies {@code array} into {@code output} and returns the array to sort for it. */
  private static Object copyInto(DeviceBuffer output, Object array) {
    CpuBuffer out = CpuBuffer.of(output);
    int n = java.lang.reflect.Array.getLength(array);
    if (out.onHeap()) {
      Object target = CpuBuffer.arrayOf(output);
      System.arraycopy(array, 0, target, 0, n);
      return target;
    }
    Object copy = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
    System.arraycopy(array, 0, copy, 0, n);
    return copy;
  }

  /** The array of a heap buffer, or a copy of an off-heap one. */
  static Object heapArray(DeviceBuffer buffer) {
    CpuBuffer cpu = CpuBuffer.of(buffer);
    if (cpu.onHeap()) {
      return CpuBuffer.arrayOf(buffer);
    }
    if (cpu.length() > MAX_ARRAY) {
      throw new UnsupportedOperationException(
          "the cpu sort holds at most "
              + MAX_ARRAY
              + " keys in a Java array; this buffer has "
              + cpu.length());
    }
    int n = (int) cpu.length();
    Object array =
        java.lang.reflect.Array.newInstance(cpu.type().arrayClass().getComponentType(), n);
    cpu.load(0, array, 0, n);
    return array;
  }

  private static void putBack(DeviceBuffer buffer, Object array) {
    CpuBuffer cpu = CpuBuffer.of(buffer);
    if (!cpu.onHeap()) {
      cpu.store(0, array, 0, java.lang.reflect.Array.getLength(array));
    }
  }

  /** Sorts arrays in place by bits {@code [beginBit, endBit)} of their radix bits. */
  private void sort(
      Object keys, Object values, SortOrder order, int beginBit, int endBit, CallContext call) {
    int n = java.lang.reflect.Array.getLength(keys);
    boolean descending = order == SortOrder.DESCENDING;
    boolean wide = keys instanceof long[] || keys instanceof double[];
    boolean wholeKey = beginBit == 0 && endBit == (wide ? Long.SIZE : Integer.SIZE);
    if (values == null && wholeKey && n < (wide ? RADIX_FROM_64 : RADIX_FROM_32)) {
      call.usedVariant(COMPARISON);
      comparisonSort(keys, descending);
      return;
    }
    call.usedVariant(LSD_RADIX);
    if (n < 2) {
      return;
    }
    Object bits =
        keys instanceof float[] ? new int[n] : keys instanceof double[] ? new long[n] : keys;
    // scratch first, so that running out of memory leaves the caller's keys as they were
    Object tmp = java.lang.reflect.Array.newInstance(bits.getClass().getComponentType(), n);
    Object valuesTmp =
        values == null
            ? null
            : java.lang.reflect.Array.newInstance(values.getClass().getComponentType(), n);
    int chunks = Math.max(1, Math.min(parallel.threads(), n >> 14));
    parallel.forEachChunk(
        chunks,
        c ->
            toBits(
                keys,
                bits,
                descending,
                CpuRadixSort.lo(c, chunks, n),
                CpuRadixSort.lo(c + 1, chunks, n)));
    boolean inPlace = radix.sort(bits, tmp, values, valuesTmp, beginBit, endBit);
    Object sorted = inPlace ? bits : tmp;
    parallel.forEachChunk(
        chunks,
        c -> {
          int from = CpuRadixSort.lo(c, chunks, n);
          int to = CpuRadixSort.lo(c + 1, chunks, n);
          fromBits(sorted, keys, descending, from, to);
          if (!inPlace && values != null) {
            System.arraycopy(valuesTmp, from, values, from, to - from);
          }
        });
  }

  private static void comparisonSort(Object keys, boolean descending) {
    if (keys instanceof int[] a) {
      Arrays.sort(a);
      if (descending) {
        RadixLoops.reverse(a);
      }
    } else if (keys instanceof long[] a) {
      Arrays.sort(a);
      if (descending) {
        RadixLoops.reverse(a);
      }
    } else if (keys instanceof float[] a) {
      Arrays.sort(a);
      if (descending) {
        RadixLoops.reverse(a);
      }
    } else {
      double[] a = (double[]) keys;
      Arrays.sort(a);
      if (descending) {
        RadixLoops.reverse(a);
      }
    }
  }

  private static void toBits(Object keys, Object bits, boolean descending, int from, int to) {
    if (keys instanceof int[] a) {
      RadixLoops.toBits(a, (int[]) bits, descending, from, to);
    } else if (keys instanceof long[] a) {
      RadixLoops.toBits(a, (long[]) bits, descending, from, to);
    } else if (keys instanceof float[] a) {
      RadixLoops.toBits(a, (int[]) bits, descending, from, to);
    } else {
      RadixLoops.toBits((double[]) keys, (long[]) bits, descending, from, to);
    }
  }

  private static void fromBits(Object bits, Object keys, boolean descending, int from, int to) {
    if (keys instanceof int[] a) {
      RadixLoops.fromBits((int[]) bits, a, descending, from, to);
    } else if (keys instanceof long[] a) {
      RadixLoops.fromBits((long[]) bits, a, descending, from, to);
    } else if (keys instanceof float[] a) {
      RadixLoops.fromBits((int[]) bits, a, descending, from, to);
    } else {
      RadixLoops.fromBits((long[]) bits, (double[]) keys, descending, from, to);
    }
  }
}
