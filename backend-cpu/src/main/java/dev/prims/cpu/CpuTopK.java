package dev.prims.cpu;

import java.lang.reflect.Array;
import java.util.function.IntToLongFunction;

/**
 * The cpu backend's top-k for small k: each chunk of the input keeps its k best values in a binary
 * max-heap of (radix bits, index) pairs on the backend's workers, rejecting most values with one
 * comparison against the heap's top; the chunks' heaps are then merged and ordered. The radix bits
 * ({@link CpuSelectProgram#radix}, complemented for the largest) order the values as {@link
 * Float#compare} does, and equal values by lower index.
 */
record CpuTopK(CpuParallel parallel) {
  /** The largest k taken this way; larger k go through the radix select. */
  static final int MAX_K = 4096;

  private static final int MIN_CHUNK = 1 << 16;

  /**
   * Writes the k best of {@code values} into {@code valuesOut} and their indices into {@code
   * indicesOut}, best first.
   */
  void topK(Object values, int k, boolean largest, Object valuesOut, int[] indicesOut) {
    int n = Array.getLength(values);
    IntToLongFunction radix = CpuSelectProgram.radix(values, largest);
    int chunks = parallel.ranges(n, 4, MIN_CHUNK);
    long[][] keys = new long[chunks][];
    int[][] indices = new int[chunks][];
    int[] sizes = new int[chunks];
    parallel.forEachRange(
        n,
        chunks,
        (c, from, to) -> {
          long[] heapKeys = new long[k];
          int[] heapIndices = new int[k];
          int size = 0;
          for (int i = from; i < to; i++) {
            long key = radix.applyAsLong(i) ^ Long.MIN_VALUE; // unsigned order as signed
            if (size < k) {
              siftUp(heapKeys, heapIndices, size++, key, i);
            } else if (key < heapKeys[0]) { // equal keys: the earlier index stays
              siftDown(heapKeys, heapIndices, size, key, i);
            }
          }
          keys[c] = heapKeys;
          indices[c] = heapIndices;
          sizes[c] = size;
        });
    int total = 0;
    for (int size : sizes) {
      total += size;
    }
    long[] allKeys = new long[total];
    int[] allIndices = new int[total];
    int at = 0;
    for (int c = 0; c < chunks; c++) {
      System.arraycopy(keys[c], 0, allKeys, at, sizes[c]);
      System.arraycopy(indices[c], 0, allIndices, at, sizes[c]);
      at += sizes[c];
    }
    // order the candidates by (key, index), best first
    Integer[] order = new Integer[total];
    for (int i = 0; i < total; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(
        order,
        (a, b) ->
            allKeys[a] != allKeys[b]
                ? Long.compare(allKeys[a], allKeys[b])
                : Integer.compare(allIndices[a], allIndices[b]));
    for (int i = 0; i < k; i++) {
      int index = allIndices[order[i]];
      indicesOut[i] = index;
      System.arraycopy(values, index, valuesOut, i, 1);
    }
  }

  /** Whether (ka, ia) comes after (kb, ib): the heap's order, worst on top. */
  private static boolean after(long ka, int ia, long kb, int ib) {
    return ka != kb ? ka > kb : ia > ib;
  }

  private static void siftUp(long[] keys, int[] indices, int hole, long key, int index) {
    while (hole > 0) {
      int parent = (hole - 1) >>> 1;
      if (!after(key, index, keys[parent], indices[parent])) {
        break;
      }
      keys[hole] = keys[parent];
      indices[hole] = indices[parent];
      hole = parent;
    }
    keys[hole] = key;
    indices[hole] = index;
  }

  /** Replaces the top with (key, index) and restores the heap. */
  private static void siftDown(long[] keys, int[] indices, int size, long key, int index) {
    int hole = 0;
    while (true) {
      int child = 2 * hole + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size
          && after(keys[child + 1], indices[child + 1], keys[child], indices[child])) {
        child++;
      }
      if (!after(keys[child], indices[child], key, index)) {
        break;
      }
      keys[hole] = keys[child];
      indices[hole] = indices[child];
      hole = child;
    }
    keys[hole] = key;
    indices[hole] = index;
  }
}
