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
    sort(keys, keys, values, order, 0, width(keys), call);
  }

  /**
   * Sorts {@code keys} into {@code output} without a copy of the input first: the first pass over
   * the keys reads them where they are and writes their radix bits to {@code output} (int and long
   * keys) or to a scratch array (floating keys).
   */
  @Override
  public void sortInto(Object keys, Object output, SortOrder order, CallContext call) {
    sort(keys, output, null, order, 0, width(keys), call);
  }

  /**
   * Sorts the heap arrays behind the outputs: keys moving to another buffer are read from the input
   * and sorted into the output's array; a buffer off the heap is copied into an array and back (one
   * of more elements than a Java array holds cannot be sorted here).
   */
  @Override
  public void sort(BufferSort sort, CallContext call) {
    Object keyInput = heapArray(sort.keys());
    Object keyArray = sort.keysMove() ? outputArray(sort.keysOut(), keyInput) : keyInput;
    Object valueArray = sort.values() == null ? null : heapArray(sort.values());
    if (sort.valuesMove()) {
      Object values = valueArray;
      valueArray = outputArray(sort.valuesOut(), values);
      copy(values, valueArray);
    }
    sort(keyInput, keyArray, valueArray, sort.order(), sort.beginBit(), sort.endBit(), call);
    putBack(sort.keysOut(), keyArray);
    if (sort.values() != null) {
      putBack(sort.valuesOut(), valueArray);
    }
  }

  private static int width(Object keys) {
    return keys instanceof long[] || keys instanceof double[] ? Long.SIZE : Integer.SIZE;
  }

  /** The heap array of {@code output}, or a new array like {@code like} for an off-heap buffer. */
  private static Object outputArray(DeviceBuffer output, Object like) {
    if (CpuBuffer.of(output).onHeap()) {
      return CpuBuffer.arrayOf(output);
    }
    return java.lang.reflect.Array.newInstance(
        like.getClass().getComponentType(), java.lang.reflect.Array.getLength(like));
  }

  /** Copies {@code from} to {@code to} (arrays of one type and length) on the workers. */
  private void copy(Object from, Object to) {
    int n = java.lang.reflect.Array.getLength(from);
    int chunks = radix.chunks(n);
    parallel.forEachChunk(
        chunks,
        c -> {
          int lo = CpuRadixSort.lo(c, chunks, n);
          System.arraycopy(from, lo, to, lo, CpuRadixSort.lo(c + 1, chunks, n) - lo);
        });
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

  /**
   * Sorts {@code input} into {@code keys} (the same array for a sort in place) by bits {@code
   * [beginBit, endBit)} of their radix bits, {@code values} moving in place beside them.
   */
  private void sort(
      Object input,
      Object keys,
      Object values,
      SortOrder order,
      int beginBit,
      int endBit,
      CallContext call) {
    int n = java.lang.reflect.Array.getLength(keys);
    boolean descending = order == SortOrder.DESCENDING;
    int width = width(keys);
    boolean wholeKey = beginBit == 0 && endBit == width;
    boolean comparison =
        values == null && wholeKey && n < (width == Long.SIZE ? RADIX_FROM_64 : RADIX_FROM_32);
    call.usedVariant(comparison ? COMPARISON : LSD_RADIX);
    if (comparison || n < 2) {
      if (input != keys) {
        System.arraycopy(input, 0, keys, 0, n);
      }
      if (comparison) {
        RadixLoops.comparisonSort(keys, descending);
      }
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
    int chunks = radix.chunks(n);
    parallel.forEachChunk(
        chunks,
        c ->
            RadixLoops.toBits(
                input,
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
          RadixLoops.fromBits(sorted, keys, descending, from, to);
          if (!inPlace && values != null) {
            System.arraycopy(valuesTmp, from, values, from, to - from);
          }
        });
  }
}
