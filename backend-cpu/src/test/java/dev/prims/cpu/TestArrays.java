package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import java.lang.reflect.Array;
import java.util.Random;

/** Random arrays of every type and bitwise comparison, for the off-heap tests. */
final class TestArrays {
  private TestArrays() {}

  static Object newArray(DType type, int n) {
    return Array.newInstance(type.arrayClass().getComponentType(), n);
  }

  /**
   * Random values: small integers (so sums, products and histograms of keys mean something) and
   * floating values over many binades (so the order of floating additions shows in the bits).
   */
  static Object random(DType type, int n, Random random) {
    switch (type) {
      case INT:
        return random.ints(n, -3, 1100).toArray();
      case LONG:
        return random.longs(n, -3, 1100).toArray();
      case FLOAT:
        {
          float[] a = new float[n];
          for (int i = 0; i < n; i++) {
            a[i] = (float) ((random.nextDouble() - 0.25) * Math.scalb(1.0, random.nextInt(24) - 8));
          }
          return a;
        }
      default:
        {
          double[] a = new double[n];
          for (int i = 0; i < n; i++) {
            a[i] = (random.nextDouble() - 0.25) * Math.scalb(1.0, random.nextInt(40) - 8);
          }
          return a;
        }
    }
  }

  /** Asserts both arrays hold the same bits (NaNs compared as one). */
  static void assertSameBits(Object expected, Object actual, String what) {
    int n = Array.getLength(expected);
    assertEquals(n, Array.getLength(actual), what + ": length");
    for (int i = 0; i < n; i++) {
      Object e = Array.get(expected, i);
      Object a = Array.get(actual, i);
      if (!e.equals(a)) {
        fail(what + ": element " + i + " expected " + e + " but was " + a);
      }
    }
  }
}
