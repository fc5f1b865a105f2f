package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.prims.DType;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.SortOrder;
import dev.prims.SortResult;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Sort of keys and of key-value pairs on every key type, ascending and descending: random, sorted,
 * reverse-sorted, all-equal and few-distinct keys, NaNs of both signs and payloads, signed zeros
 * and infinities, over sizes from 0 through odd lengths and sizes around chunk edges. Keys are
 * compared with {@link Arrays#sort} (reversed for descending), every NaN alike; pairs with a stable
 * reference sort of the indices, so values of equal keys must keep their order. A backend without a
 * sort is skipped as such.
 */
public abstract class SortConformance extends BackendConformance {
  /** Sizes: empty, tiny, odd, and around the powers of two where chunks and algorithms change. */
  static final int[] SIZES = {
    0, 1, 2, 3, 17, 255, 1000, 4097, 16383, 16385, 32767, 32768, 32769, 65537, 131071, 300001
  };

  /** The key patterns. */
  enum Pattern {
    RANDOM,
    SORTED,
    REVERSE,
    ALL_EQUAL,
    FEW_DISTINCT,
    SPECIALS
  }

  @BeforeAll
  final void requireSort() {
    try {
      backend().sorter();
    } catch (UnsupportedOperationException e) {
      Assumptions.abort(
          backendId() + " offers no sort (capability absent in this backend): " + e.getMessage());
    }
  }

  @TestFactory
  Stream<DynamicNode> sortKeys() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DType type : DType.values()) {
      for (SortOrder order : SortOrder.values()) {
        List<DynamicNode> tests = new ArrayList<>();
        for (int n : SIZES) {
          for (Pattern pattern : Pattern.values()) {
            tests.add(
                DynamicTest.dynamicTest(
                    "n=" + n + " " + pattern, () -> checkKeys(type, order, pattern, n)));
          }
        }
        nodes.add(DynamicContainer.dynamicContainer(name(type, order), tests));
      }
    }
    return nodes.stream();
  }

  @TestFactory
  Stream<DynamicNode> sortPairs() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DType type : DType.values()) {
      for (SortOrder order : SortOrder.values()) {
        for (boolean longValues : new boolean[] {false, true}) {
          List<DynamicNode> tests = new ArrayList<>();
          for (int n : SIZES) {
            for (Pattern pattern : Pattern.values()) {
              tests.add(
                  DynamicTest.dynamicTest(
                      "n=" + n + " " + pattern,
                      () -> checkPairs(type, order, pattern, n, longValues)));
            }
          }
          nodes.add(
              DynamicContainer.dynamicContainer(
                  name(type, order) + (longValues ? " long values" : " int values"), tests));
        }
      }
    }
    return nodes.stream();
  }

  private void checkKeys(DType type, SortOrder order, Pattern pattern, int n) {
    Object keys = keys(type, pattern, n, seed(type, pattern, n));
    Object before = copy(keys);
    long[] expected = canonical(reference(keys, order));
    Prims prims = prims();

    SortResult<?> fresh = sortCopy(prims, keys, order);
    assertArrayEquals(expected, canonical(fresh.keys()), "new array");
    assertArrayEquals(canonical(before), canonical(keys), "the input is untouched");
    assertEquals(backendId(), fresh.provenance().backend());

    Object output = Array.newInstance(keys.getClass().getComponentType(), n);
    sortInto(prims, keys, output, order);
    assertArrayEquals(expected, canonical(output), "into the caller's array");

    Object inPlace = copy(keys);
    sortInPlace(prims, inPlace, order);
    assertArrayEquals(expected, canonical(inPlace), "in place");
  }

  private void checkPairs(DType type, SortOrder order, Pattern pattern, int n, boolean longValues) {
    Object keys = keys(type, pattern, n, seed(type, pattern, n) + 7);
    Integer[] index = new Integer[n];
    for (int i = 0; i < n; i++) {
      index[i] = i;
    }
    Comparator<Integer> byKey = (i, j) -> compare(keys, i, j);
    Arrays.sort(index, order == SortOrder.ASCENDING ? byKey : byKey.reversed());
    Object expectedKeys = Array.newInstance(keys.getClass().getComponentType(), n);
    long[] expectedValues = new long[n];
    for (int i = 0; i < n; i++) {
      Array.set(expectedKeys, i, Array.get(keys, index[i]));
      expectedValues[i] = value(index[i]);
    }
    Object values;
    if (longValues) {
      long[] v = new long[n];
      for (int i = 0; i < n; i++) {
        v[i] = value(i);
      }
      values = v;
    } else {
      int[] v = new int[n];
      for (int i = 0; i < n; i++) {
        v[i] = i;
        expectedValues[i] = index[i];
      }
      values = v;
    }
    Object sorted = copy(keys);
    Provenance provenance = sortPairs(prims(), sorted, values, order);
    assertEquals(backendId(), provenance.backend());
    assertArrayEquals(canonical(expectedKeys), canonical(sorted), "keys");
    assertArrayEquals(expectedValues, canonical(values), "values (stable order of equal keys)");
  }

  @Test
  void badArguments() {
    Prims prims = prims();
    assertThrows(IllegalArgumentException.class, () -> prims.sort((int[]) null));
    assertThrows(
        IllegalArgumentException.class,
        () -> prims.sort(new int[3], new int[2], SortOrder.ASCENDING));
    assertThrows(
        IllegalArgumentException.class,
        () -> prims.sortPairs(new int[3], new int[4], SortOrder.ASCENDING));
    assertThrows(
        IllegalArgumentException.class,
        () -> prims.sortPairs(new long[3], (long[]) null, SortOrder.ASCENDING));
    assertThrows(IllegalArgumentException.class, () -> prims.sort(new float[3], (SortOrder) null));
    int[] shared = {3, 1, 2};
    assertThrows(
        IllegalArgumentException.class, () -> prims.sortPairs(shared, shared, SortOrder.ASCENDING));
  }

  private static long value(int i) {
    return 3L * i + (1L << 40);
  }

  private static String name(DType type, SortOrder order) {
    return type.name().toLowerCase(Locale.ROOT) + " " + order.name().toLowerCase(Locale.ROOT);
  }

  private static long seed(DType type, Pattern pattern, int n) {
    return 31L * n + 1009L * type.ordinal() + 7919L * pattern.ordinal();
  }

  /** Keys of {@code type} in {@code pattern}. */
  static Object keys(DType type, Pattern pattern, int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] d = new double[n];
    long[] l = new long[n];
    for (int i = 0; i < n; i++) {
      switch (pattern) {
        case RANDOM -> {
          l[i] = random.nextLong();
          d[i] = (random.nextDouble() - 0.5) * Math.scalb(1.0, random.nextInt(-60, 60));
        }
        case SORTED -> {
          l[i] = i - n / 2;
          d[i] = (i - n / 2) * 0.25;
        }
        case REVERSE -> {
          l[i] = n / 2 - i;
          d[i] = (n / 2 - i) * 0.25;
        }
        case ALL_EQUAL -> {
          l[i] = -5;
          d[i] = -5;
        }
        case FEW_DISTINCT -> {
          int k = random.nextInt(5);
          l[i] = (k - 2) * 1_000_003L;
          d[i] = (k - 2) * 1.5;
        }
        case SPECIALS -> {
          l[i] = SPECIAL_LONGS[random.nextInt(SPECIAL_LONGS.length)];
          d[i] = SPECIAL_DOUBLES[random.nextInt(SPECIAL_DOUBLES.length)];
        }
      }
    }
    Object keys =
        switch (type) {
          case INT -> new int[n];
          case LONG -> new long[n];
          case FLOAT -> new float[n];
          case DOUBLE -> new double[n];
        };
    for (int i = 0; i < n; i++) {
      switch (type) {
        case INT -> ((int[]) keys)[i] = pattern == Pattern.RANDOM ? (int) l[i] : clampInt(l[i]);
        case LONG -> ((long[]) keys)[i] = l[i];
        case FLOAT -> ((float[]) keys)[i] = floatOf(d[i]);
        case DOUBLE -> ((double[]) keys)[i] = d[i];
      }
    }
    return keys;
  }

  private static final long[] SPECIAL_LONGS = {
    Long.MIN_VALUE,
    Long.MIN_VALUE + 1,
    -1,
    0,
    1,
    Long.MAX_VALUE,
    Integer.MIN_VALUE,
    Integer.MAX_VALUE
  };

  /** NaNs of both signs with several payloads (as doubles; {@link #floatOf} keeps them NaN). */
  private static final double[] SPECIAL_DOUBLES = {
    Double.NaN,
    Double.longBitsToDouble(0xfff8000000000001L),
    Double.longBitsToDouble(0x7ff0000000000001L),
    -0.0,
    0.0,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    1.0,
    -1.0
  };

  private static int clampInt(long v) {
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
  }

  /** The float of {@code d}, NaNs mapped to float NaNs of the same sign and several payloads. */
  private static float floatOf(double d) {
    if (Double.isNaN(d)) {
      long bits = Double.doubleToRawLongBits(d);
      int sign = bits < 0 ? 0x80000000 : 0;
      return Float.intBitsToFloat(sign | 0x7f800000 | (int) (bits & 0x3fffff) | 1);
    }
    return (float) d;
  }

  /** Keys sorted by {@link Arrays#sort}, reversed for descending. */
  private static Object reference(Object keys, SortOrder order) {
    Object sorted = copy(keys);
    switch (DType.ofArray(keys)) {
      case INT -> Arrays.sort((int[]) sorted);
      case LONG -> Arrays.sort((long[]) sorted);
      case FLOAT -> Arrays.sort((float[]) sorted);
      case DOUBLE -> Arrays.sort((double[]) sorted);
    }
    if (order == SortOrder.DESCENDING) {
      int n = Array.getLength(sorted);
      Object reversed = Array.newInstance(sorted.getClass().getComponentType(), n);
      for (int i = 0; i < n; i++) {
        Array.set(reversed, i, Array.get(sorted, n - 1 - i));
      }
      return reversed;
    }
    return sorted;
  }

  private static int compare(Object keys, int i, int j) {
    if (keys instanceof int[] a) {
      return Integer.compare(a[i], a[j]);
    } else if (keys instanceof long[] a) {
      return Long.compare(a[i], a[j]);
    } else if (keys instanceof float[] a) {
      return Float.compare(a[i], a[j]);
    }
    double[] a = (double[]) keys;
    return Double.compare(a[i], a[j]);
  }

  /** The keys as longs, floating keys as {@code floatToIntBits}/{@code doubleToLongBits}. */
  private static long[] canonical(Object array) {
    int n = Array.getLength(array);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      if (array instanceof int[] a) {
        out[i] = a[i];
      } else if (array instanceof long[] a) {
        out[i] = a[i];
      } else if (array instanceof float[] a) {
        out[i] = Float.floatToIntBits(a[i]);
      } else {
        out[i] = Double.doubleToLongBits(((double[]) array)[i]);
      }
    }
    return out;
  }

  private static Object copy(Object array) {
    int n = Array.getLength(array);
    Object out = Array.newInstance(array.getClass().getComponentType(), n);
    System.arraycopy(array, 0, out, 0, n);
    return out;
  }

  private static SortResult<?> sortCopy(Prims prims, Object keys, SortOrder order) {
    if (keys instanceof int[] a) {
      return order == SortOrder.ASCENDING ? prims.sort(a) : prims.sort(a, order);
    } else if (keys instanceof long[] a) {
      return order == SortOrder.ASCENDING ? prims.sort(a) : prims.sort(a, order);
    } else if (keys instanceof float[] a) {
      return order == SortOrder.ASCENDING ? prims.sort(a) : prims.sort(a, order);
    }
    double[] a = (double[]) keys;
    return order == SortOrder.ASCENDING ? prims.sort(a) : prims.sort(a, order);
  }

  private static Provenance sortInto(Prims prims, Object keys, Object output, SortOrder order) {
    if (keys instanceof int[] a) {
      return prims.sort(a, (int[]) output, order);
    } else if (keys instanceof long[] a) {
      return prims.sort(a, (long[]) output, order);
    } else if (keys instanceof float[] a) {
      return prims.sort(a, (float[]) output, order);
    }
    return prims.sort((double[]) keys, (double[]) output, order);
  }

  private static Provenance sortInPlace(Prims prims, Object keys, SortOrder order) {
    if (keys instanceof int[] a) {
      return prims.sortInPlace(a, order);
    } else if (keys instanceof long[] a) {
      return prims.sortInPlace(a, order);
    } else if (keys instanceof float[] a) {
      return prims.sortInPlace(a, order);
    }
    return prims.sortInPlace((double[]) keys, order);
  }

  private static Provenance sortPairs(Prims prims, Object keys, Object values, SortOrder order) {
    if (values instanceof int[] v) {
      if (keys instanceof int[] a) {
        return prims.sortPairs(a, v, order);
      } else if (keys instanceof long[] a) {
        return prims.sortPairs(a, v, order);
      } else if (keys instanceof float[] a) {
        return prims.sortPairs(a, v, order);
      }
      return prims.sortPairs((double[]) keys, v, order);
    }
    long[] v = (long[]) values;
    if (keys instanceof int[] a) {
      return prims.sortPairs(a, v, order);
    } else if (keys instanceof long[] a) {
      return prims.sortPairs(a, v, order);
    } else if (keys instanceof float[] a) {
      return prims.sortPairs(a, v, order);
    }
    return prims.sortPairs((double[]) keys, v, order);
  }
}
