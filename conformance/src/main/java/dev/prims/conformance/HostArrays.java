package dev.prims.conformance;

import java.lang.reflect.Array;

/** Copies and bit views of the host arrays (int[], long[], float[] or double[]) checks compare. */
final class HostArrays {
  private HostArrays() {}

  /** A new array of the same type holding the elements of {@code array}. */
  static Object copy(Object array) {
    return slice(array, 0, Array.getLength(array));
  }

  /** A new array of the same type holding {@code array[offset, offset + length)}. */
  static Object slice(Object array, int offset, int length) {
    Object part = Array.newInstance(array.getClass().getComponentType(), length);
    System.arraycopy(array, offset, part, 0, length);
    return part;
  }

  /**
   * Each value as a long: integers widened, floating values as {@code floatToIntBits} or {@code
   * doubleToLongBits} (every NaN alike).
   */
  static long[] bits(Object array) {
    if (array instanceof int[] a) {
      long[] out = new long[a.length];
      for (int i = 0; i < a.length; i++) {
        out[i] = a[i];
      }
      return out;
    }
    if (array instanceof long[] a) {
      return a.clone();
    }
    if (array instanceof float[] a) {
      long[] out = new long[a.length];
      for (int i = 0; i < a.length; i++) {
        out[i] = Float.floatToIntBits(a[i]);
      }
      return out;
    }
    if (array instanceof double[] a) {
      long[] out = new long[a.length];
      for (int i = 0; i < a.length; i++) {
        out[i] = Double.doubleToLongBits(a[i]);
      }
      return out;
    }
    int n = Array.getLength(array);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = ((Number) Array.get(array, i)).longValue();
    }
    return out;
  }

  /**
   * A new array of the same type as {@code array} holding {@code array[index[0]]}, {@code
   * array[index[1]]}, ... for the first {@code count} indices.
   */
  static Object gather(Object array, int[] index, int count) {
    if (array instanceof int[] a) {
      int[] out = new int[count];
      for (int i = 0; i < count; i++) {
        out[i] = a[index[i]];
      }
      return out;
    }
    if (array instanceof long[] a) {
      long[] out = new long[count];
      for (int i = 0; i < count; i++) {
        out[i] = a[index[i]];
      }
      return out;
    }
    if (array instanceof float[] a) {
      float[] out = new float[count];
      for (int i = 0; i < count; i++) {
        out[i] = a[index[i]];
      }
      return out;
    }
    double[] a = (double[]) array;
    double[] out = new double[count];
    for (int i = 0; i < count; i++) {
      out[i] = a[index[i]];
    }
    return out;
  }

  /** A new array of the same type as {@code array} holding its elements in reverse order. */
  static Object reversed(Object array) {
    int n = Array.getLength(array);
    int[] index = new int[n];
    for (int i = 0; i < n; i++) {
      index[i] = n - 1 - i;
    }
    return gather(array, index, n);
  }

  /**
   * The value of {@code array[i]} (int[], long[], float[] or double[]) as a long that orders as the
   * type's compare method does ({@link Integer#compare}, {@link Long#compare}, {@link
   * Float#compare}, {@link Double#compare}: -0.0 before 0.0, every NaN alike and last) when the
   * longs are compared unsigned.
   */
  static long orderKey(Object array, int i) {
    if (array instanceof int[] a) {
      return a[i] ^ Long.MIN_VALUE;
    }
    if (array instanceof long[] a) {
      return a[i] ^ Long.MIN_VALUE;
    }
    if (array instanceof float[] a) {
      return orderKey((double) a[i]);
    }
    return orderKey(((double[]) array)[i]);
  }

  /**
   * {@code x} as a long that orders as {@link Double#compare} does (every NaN alike) when the longs
   * are compared unsigned.
   */
  static long orderKey(double x) {
    long raw = Double.doubleToLongBits(x);
    return raw < 0 ? ~raw : raw | Long.MIN_VALUE;
  }

  /**
   * The indices {@code 0 .. key.length - 1} in the order of a stable sort by {@code key}, compared
   * unsigned: ascending keys, equal keys in increasing index.
   */
  static int[] stableOrder(long[] key) {
    int n = key.length;
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    final int run = 32;
    for (int lo = 0; lo < n; lo += run) {
      int hi = Math.min(lo + run, n);
      for (int i = lo + 1; i < hi; i++) {
        int x = a[i];
        long kx = key[x];
        int j = i;
        while (j > lo && Long.compareUnsigned(key[a[j - 1]], kx) > 0) {
          a[j] = a[j - 1];
          j--;
        }
        a[j] = x;
      }
    }
    int[] b = new int[n];
    for (int width = run; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
          b[k++] = Long.compareUnsigned(key[a[j]], key[a[i]]) < 0 ? a[j++] : a[i++];
        }
        while (i < mid) {
          b[k++] = a[i++];
        }
        while (j < hi) {
          b[k++] = a[j++];
        }
      }
      int[] t = a;
      a = b;
      b = t;
    }
    return a;
  }
}
