<#-- HostArrays: the suite's typed array helpers, one switch branch per element type. -->
<#import "/@includes/switch.ftl" as s>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/conformance/HostArrays.java" />
<#assign bitsOf = {"int": "a[i]", "long": "a[i]", "float": "Float.floatToIntBits(a[i])", "double": "Double.doubleToLongBits(a[i])"}>
package dev.prims.conformance;

import dev.prims.DType;
import java.lang.reflect.Array;

/**
 * Copies, bit views and orderings of the host arrays (int[], long[], float[] or double[]) checks
 * compare. Generated from conformance/src/main/codegen/templates/HostArrays.java.
 */
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
    switch (DType.ofArray(array)) {
<#list types as type>
      <@s.case type type?is_last/>:
        {
          ${type.java}[] a = (${type.java}[]) array;
          long[] out = new long[a.length];
          for (int i = 0; i < a.length; i++) {
            out[i] = ${bitsOf[type.java]};
          }
          return out;
        }
</#list>
    }
  }

  /**
   * A new array of the same type as {@code array} holding {@code array[index[0]]}, {@code
   * array[index[1]]}, ... for the first {@code count} indices.
   */
  static Object gather(Object array, int[] index, int count) {
    switch (DType.ofArray(array)) {
<#list types as type>
      <@s.case type type?is_last/>:
        {
          ${type.java}[] a = (${type.java}[]) array;
          ${type.java}[] out = new ${type.java}[count];
          for (int i = 0; i < count; i++) {
            out[i] = a[index[i]];
          }
          return out;
        }
</#list>
    }
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
    switch (DType.ofArray(array)) {
<#list types as type>
      <@s.case type type?is_last/>:
<#if type.floating>
        return orderKey((double) ((${type.java}[]) array)[i]);
<#else>
        return ((${type.java}[]) array)[i] ^ Long.MIN_VALUE;
</#if>
</#list>
    }
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
   * The indices of {@code array} in the order of a stable sort of its values as the type's compare
   * method orders them ({@link #orderKey(Object, int)}), largest first when {@code descending}:
   * equal values in increasing index.
   */
  static int[] stableOrder(Object array, boolean descending) {
    long flip = descending ? -1L : 0;
    long[] key = new long[Array.getLength(array)];
    for (int i = 0; i < key.length; i++) {
      key[i] = orderKey(array, i) ^ flip;
    }
    return stableOrder(key);
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
