package dev.prims.spi;

import java.nio.ByteBuffer;

/**
 * Copies elements between a Java array ({@code int[]}, {@code long[]}, {@code float[]} or {@code
 * double[]}) and a {@link ByteBuffer}, in the buffer's byte order, from the buffer's position on
 * (the position itself is left unchanged).
 */
public final class ElementBytes {
  private ElementBytes() {}

  /** Copies {@code array[from, from + count)} into {@code bytes}. */
  public static void put(ByteBuffer bytes, Object array, int from, int count) {
    if (array instanceof int[] a) {
      bytes.asIntBuffer().put(a, from, count);
    } else if (array instanceof long[] a) {
      bytes.asLongBuffer().put(a, from, count);
    } else if (array instanceof float[] a) {
      bytes.asFloatBuffer().put(a, from, count);
    } else {
      bytes.asDoubleBuffer().put((double[]) array, from, count);
    }
  }

  /** Copies {@code count} elements of {@code bytes} into {@code array[from, from + count)}. */
  public static void get(ByteBuffer bytes, Object array, int from, int count) {
    if (array instanceof int[] a) {
      bytes.asIntBuffer().get(a, from, count);
    } else if (array instanceof long[] a) {
      bytes.asLongBuffer().get(a, from, count);
    } else if (array instanceof float[] a) {
      bytes.asFloatBuffer().get(a, from, count);
    } else {
      bytes.asDoubleBuffer().get((double[]) array, from, count);
    }
  }
}
