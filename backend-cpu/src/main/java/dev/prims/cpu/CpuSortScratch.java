package dev.prims.cpu;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;

/**
 * The radix sort's scratch arrays, kept between calls behind soft references: a sort of n keys
 * needs one or two arrays of n radix bits (and one of n values for pairs) besides its output, and
 * allocating them afresh costs a zeroing and, on a heap that is not yet touched, page faults that
 * take longer than the sort's passes. Arrays are lent whole to one call at a time and may be longer
 * than asked; the garbage collector reclaims those not lent when memory runs short.
 */
final class CpuSortScratch {
  /** Arrays kept per element type, beyond which a returned array is dropped. */
  private static final int KEPT_PER_TYPE = 3;

  private final List<SoftReference<int[]>> ints = new ArrayList<>();
  private final List<SoftReference<long[]>> longs = new ArrayList<>();

  /**
   * An int[] or long[] (as {@code component}) of at least {@code n} elements, lent to the caller.
   */
  Object take(Class<?> component, int n) {
    if (component == int.class) {
      int[] kept = take(ints, n);
      return kept != null ? kept : new int[n];
    }
    if (component == long.class) {
      long[] kept = take(longs, n);
      return kept != null ? kept : new long[n];
    }
    throw new IllegalArgumentException("sort scratch holds int[] and long[], not " + component);
  }

  /** Takes back an array that {@link #take} lent (null: nothing). */
  void give(Object array) {
    if (array instanceof int[] a) {
      give(ints, a);
    } else if (array instanceof long[] a) {
      give(longs, a);
    }
  }

  private synchronized <A> A take(List<SoftReference<A>> kept, int n) {
    for (int i = 0; i < kept.size(); i++) {
      A array = kept.get(i).get();
      if (array == null) {
        kept.remove(i--);
      } else if (java.lang.reflect.Array.getLength(array) >= n) {
        kept.remove(i);
        return array;
      }
    }
    return null;
  }

  private synchronized <A> void give(List<SoftReference<A>> kept, A array) {
    kept.removeIf(r -> r.get() == null);
    kept.add(0, new SoftReference<>(array));
    while (kept.size() > KEPT_PER_TYPE) {
      kept.remove(kept.size() - 1);
    }
  }
}
