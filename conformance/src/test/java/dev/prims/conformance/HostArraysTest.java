package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The references' index sort and order keys against the JDK's stable sort and compare methods. */
class HostArraysTest {
  @Test
  void stableOrderIsTheStableSortOfTheIndices() {
    SplittableRandom random = new SplittableRandom(17);
    for (int n : new int[] {0, 1, 2, 31, 32, 33, 64, 65, 1000, 4097}) {
      for (int distinct : new int[] {1, 3, 1 << 20}) {
        long[] key = new long[n];
        for (int i = 0; i < n; i++) {
          // keys on both sides of the sign bit: compared unsigned
          key[i] = random.nextInt(distinct) * 0x2000_0000_0000_0001L;
        }
        Integer[] index = new Integer[n];
        Arrays.setAll(index, i -> i);
        Arrays.sort(index, (i, j) -> Long.compareUnsigned(key[i], key[j]));
        assertArrayEquals(
            Arrays.stream(index).mapToInt(Integer::intValue).toArray(),
            HostArrays.stableOrder(key),
            "n=" + n + " distinct=" + distinct);
      }
    }
  }

  @Test
  void orderKeysOrderAsTheCompareMethods() {
    float[] floats = {
      Float.NaN,
      Float.intBitsToFloat(0xffc00001),
      -0.0f,
      0.0f,
      Float.NEGATIVE_INFINITY,
      Float.POSITIVE_INFINITY,
      Float.MIN_VALUE,
      -Float.MIN_VALUE,
      1.5f,
      -1.5f,
      Float.MAX_VALUE,
      -Float.MAX_VALUE
    };
    double[] doubles = new double[floats.length];
    int[] ints = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 7, -7, 3, 3, -3, 100, -100};
    long[] longs = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 7, -7, 3, 3, -3, 1L << 40, -1L << 40};
    for (int i = 0; i < floats.length; i++) {
      doubles[i] = floats[i];
    }
    assertSameOrder(floats, (i, j) -> Float.compare(floats[i], floats[j]));
    assertSameOrder(doubles, (i, j) -> Double.compare(doubles[i], doubles[j]));
    assertSameOrder(ints, (i, j) -> Integer.compare(ints[i], ints[j]));
    assertSameOrder(longs, (i, j) -> Long.compare(longs[i], longs[j]));
  }

  private static void assertSameOrder(Object values, Comparator<Integer> compare) {
    int n = java.lang.reflect.Array.getLength(values);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        int expected = Integer.signum(compare.compare(i, j));
        int actual =
            Integer.signum(
                Long.compareUnsigned(
                    HostArrays.orderKey(values, i), HostArrays.orderKey(values, j)));
        assertArrayEquals(new int[] {expected}, new int[] {actual}, "elements " + i + ", " + j);
      }
    }
  }
}
