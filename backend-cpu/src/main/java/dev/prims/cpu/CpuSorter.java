package dev.prims.cpu;

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

  private final CpuParallel parallel;
  private final CpuRadixSort radix;
  private final CpuSortScratch scratch = new CpuSortScratch();

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
    Object keyInput = CpuBuffer.heapArray(sort.keys());
    int n = java.lang.reflect.Array.getLength(keyInput);
    Object keyArray = sort.keysMove() ? CpuBuffer.outputArray(sort.keysOut(), n) : keyInput;
    Object valueArray = sort.values() == null ? null : CpuBuffer.heapArray(sort.values());
    if (sort.valuesMove()) {
      Object values = valueArray;
      valueArray = CpuBuffer.outputArray(sort.valuesOut(), n);
      copy(values, valueArray);
    }
    sort(keyInput, keyArray, valueArray, sort.order(), sort.beginBit(), sort.endBit(), call);
    CpuBuffer.storeBack(sort.keysOut(), keyArray, n);
    if (sort.values() != null) {
      CpuBuffer.storeBack(sort.valuesOut(), valueArray, n);
    }
  }

  private static int width(Object keys) {
    return keys instanceof long[] || keys instanceof double[] ? Long.SIZE : Integer.SIZE;
  }

  /** Copies {@code from} to {@code to} (arrays of one type and length) on the workers. */
  private void copy(Object from, Object to) {
    int n = java.lang.reflect.Array.getLength(from);
    parallel.forEachRange(
        n, radix.chunks(n), (c, lo, hi) -> System.arraycopy(from, lo, to, lo, hi - lo));
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
    Class<?> bitsType = width == Long.SIZE ? long.class : int.class;
    boolean floating = keys instanceof float[] || keys instanceof double[];
    // scratch first, so that running out of memory leaves the caller's keys as they were
    Object bits = floating ? scratch.take(bitsType, n) : keys;
    Object tmp = null;
    Object valuesTmp = null;
    try {
      tmp = scratch.take(bitsType, n);
      valuesTmp = values == null ? null : scratch.take(values.getClass().getComponentType(), n);
      int chunks = radix.chunks(n);
      Object b = bits;
      parallel.forEachRange(
          n, chunks, (c, from, to) -> RadixLoops.toBits(input, b, descending, from, to));
      boolean inPlace = radix.sort(bits, tmp, values, valuesTmp, n, beginBit, endBit);
      Object sorted = inPlace ? bits : tmp;
      Object sortedValues = valuesTmp;
      parallel.forEachRange(
          n,
          chunks,
          (c, from, to) -> {
            RadixLoops.fromBits(sorted, keys, descending, from, to);
            if (!inPlace && values != null) {
              System.arraycopy(sortedValues, from, values, from, to - from);
            }
          });
    } finally {
      if (floating) {
        scratch.give(bits);
      }
      scratch.give(tmp);
      scratch.give(valuesTmp);
    }
  }
}
