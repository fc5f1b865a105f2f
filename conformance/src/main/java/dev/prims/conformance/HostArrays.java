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
    int n = Array.getLength(array);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] =
          array instanceof float[] f
              ? Float.floatToIntBits(f[i])
              : array instanceof double[] d
                  ? Double.doubleToLongBits(d[i])
                  : ((Number) Array.get(array, i)).longValue();
    }
    return out;
  }
}
