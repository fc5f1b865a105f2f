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
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
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
 * reference sort of the indices, so values of equal keys must keep their order. The same on device
 * buffers, whole keys and parts of their bits ({@code beginBit}/{@code endBit}), against a stable
 * sort by those bits. A backend without a sort is skipped as such.
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
    requireCapability("sort", () -> backend().sorter());
  }

  @TestFactory
  Stream<DynamicNode> sortKeys() {
    return perTypeAndOrder(
        "",
        (type, order, tests) -> {
          for (int n : SIZES) {
            for (Pattern pattern : Pattern.values()) {
              tests.add(
                  DynamicTest.dynamicTest(
                      "n=" + n + " " + pattern, () -> checkKeys(type, order, pattern, n)));
            }
          }
        });
  }

  @TestFactory
  Stream<DynamicNode> sortPairs() {
    return perTypeAndOrder(
        "",
        (type, order, tests) -> {
          for (boolean longValues : new boolean[] {false, true}) {
            List<DynamicNode> cells = new ArrayList<>();
            for (int n : SIZES) {
              for (Pattern pattern : Pattern.values()) {
                cells.add(
                    DynamicTest.dynamicTest(
                        "n=" + n + " " + pattern,
                        () -> checkPairs(type, order, pattern, n, longValues)));
              }
            }
            tests.add(
                DynamicContainer.dynamicContainer(
                    longValues ? "long values" : "int values", cells));
          }
        });
  }

  private void checkKeys(DType type, SortOrder order, Pattern pattern, int n) {
    Object keys = keys(type, pattern, n, seed(type, pattern, n));
    Object before = HostArrays.copy(keys);
    long[] expected = HostArrays.bits(reference(keys, order));
    Prims prims = prims();

    SortResult<?> fresh =
        order == SortOrder.ASCENDING ? Calls.sort(prims, keys) : Calls.sort(prims, keys, order);
    assertArrayEquals(expected, HostArrays.bits(fresh.keys()), "new array");
    assertArrayEquals(HostArrays.bits(before), HostArrays.bits(keys), "the input is untouched");
    assertEquals(backendId(), fresh.provenance().backend());

    Object output = Array.newInstance(keys.getClass().getComponentType(), n);
    Calls.sort(prims, keys, output, order);
    assertArrayEquals(expected, HostArrays.bits(output), "into the caller's array");

    Object inPlace = HostArrays.copy(keys);
    Calls.sortInPlace(prims, inPlace, order);
    assertArrayEquals(expected, HostArrays.bits(inPlace), "in place");
  }

  private void checkPairs(DType type, SortOrder order, Pattern pattern, int n, boolean longValues) {
    Object keys = keys(type, pattern, n, seed(type, pattern, n) + 7);
    int[] index = HostArrays.stableOrder(keys, order == SortOrder.DESCENDING);
    Object expectedKeys = HostArrays.gather(keys, index, n);
    long[] expectedValues = new long[n];
    for (int i = 0; i < n; i++) {
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
    Object sorted = HostArrays.copy(keys);
    Provenance provenance = Calls.sortPairs(prims(), sorted, values, order);
    assertEquals(backendId(), provenance.backend());
    assertArrayEquals(HostArrays.bits(expectedKeys), HostArrays.bits(sorted), "keys");
    assertArrayEquals(
        expectedValues, HostArrays.bits(values), "values (stable order of equal keys)");
  }

  /** Sizes of the buffer and bit-range cells. */
  static final int[] BUFFER_SIZES = {0, 1, 2, 255, 4097, 32769, 300001};

  /** Bit ranges {@code [beginBit, endBit)} of 32-bit keys (64-bit keys add 32 to some). */
  static final int[][] BIT_RANGES = {{0, 0}, {0, 1}, {0, 12}, {3, 17}, {8, 16}, {5, 31}, {20, 32}};

  @TestFactory
  Stream<DynamicNode> sortBuffers() {
    return perTypeAndOrder(
        " buffers",
        (type, order, tests) -> {
          for (int n : BUFFER_SIZES) {
            for (Pattern pattern : new Pattern[] {Pattern.RANDOM, Pattern.SPECIALS}) {
              for (String values : new String[] {"keys", "int values", "long values"}) {
                for (boolean apart : new boolean[] {false, true}) {
                  tests.add(
                      DynamicTest.dynamicTest(
                          "n=" + n + " " + pattern + " " + values + (apart ? " into outputs" : ""),
                          () -> checkBits(type, order, pattern, n, values, 0, width(type), apart)));
                }
              }
            }
          }
        });
  }

  @TestFactory
  Stream<DynamicNode> sortBitRanges() {
    return perTypeAndOrder(
        " bit ranges",
        (type, order, tests) -> {
          for (int[] range : BIT_RANGES) {
            int shift = width(type) == 64 && range[0] >= 8 ? 32 : 0;
            int begin = range[0] + shift;
            int end = range[1] + shift;
            for (int n : new int[] {1000, 65537}) {
              for (String values : new String[] {"keys", "int values"}) {
                boolean apart = n == 1000;
                tests.add(
                    DynamicTest.dynamicTest(
                        "bits ["
                            + begin
                            + ", "
                            + end
                            + ") n="
                            + n
                            + " "
                            + values
                            + (apart ? " into outputs" : ""),
                        () ->
                            checkBits(type, order, Pattern.RANDOM, n, values, begin, end, apart)));
              }
            }
          }
        });
  }

  /**
   * Sorts buffers of keys (and values {@code "int values"} or {@code "long values"}, the keys'
   * indices) by bits {@code [begin, end)} and compares with a stable sort of the indices by those
   * bits of the radix bits, computed here from their definition in {@link Prims#sortInPlace(
   * dev.prims.DeviceBuffer, SortOrder, int, int)}. In place, or into output buffers ({@code apart})
   * leaving the inputs unchanged.
   */
  private void checkBits(
      DType type,
      SortOrder order,
      Pattern pattern,
      int n,
      String values,
      int begin,
      int end,
      boolean apart) {
    Object keys = keys(type, pattern, n, seed(type, pattern, n) + 13 + begin * 64L + end);
    long[] digit = new long[n];
    long mask = end - begin == 64 ? -1L : (1L << (end - begin)) - 1;
    for (int i = 0; i < n; i++) {
      digit[i] = (radixBits(keys, i, order) >>> begin) & mask;
    }
    int[] index = HostArrays.stableOrder(digit);
    Object expectedKeys = HostArrays.gather(keys, index, n);
    long[] expectedValues = new long[n];
    for (int i = 0; i < n; i++) {
      expectedValues[i] = index[i];
    }
    Prims prims = prims();
    boolean full = begin == 0 && end == width(type);
    Object sortedValues =
        values.equals("int values")
            ? new int[n]
            : values.equals("long values") ? new long[n] : null;
    for (int i = 0; sortedValues != null && i < n; i++) {
      if (sortedValues instanceof int[] ints) {
        ints[i] = i;
      } else {
        ((long[]) sortedValues)[i] = i;
      }
    }
    Object sortedKeys = HostArrays.copy(keys);
    Object inputValues = sortedValues == null ? null : HostArrays.copy(sortedValues);
    try (dev.prims.DeviceBuffer k = prims.upload(sortedKeys);
        dev.prims.DeviceBuffer v = sortedValues == null ? null : prims.upload(sortedValues);
        dev.prims.DeviceBuffer kOut = apart ? prims.allocate(type, n) : k;
        dev.prims.DeviceBuffer vOut =
            apart && v != null ? prims.allocate(DType.ofArray(sortedValues), n) : v) {
      Provenance provenance;
      if (v == null && !apart) {
        provenance = full ? prims.sortInPlace(k, order) : prims.sortInPlace(k, order, begin, end);
      } else if (v == null) {
        provenance = full ? prims.sort(k, kOut, order) : prims.sort(k, kOut, order, begin, end);
      } else if (!apart) {
        provenance = full ? prims.sortPairs(k, v, order) : prims.sortPairs(k, v, order, begin, end);
      } else {
        provenance =
            full
                ? prims.sortPairs(k, v, kOut, vOut, order)
                : prims.sortPairs(k, v, kOut, vOut, order, begin, end);
      }
      assertEquals(backendId(), provenance.backend());
      if (apart) {
        Object keysAfter = HostArrays.copy(keys);
        prims.download(k, keysAfter);
        assertArrayEquals(
            HostArrays.bits(keys), HostArrays.bits(keysAfter), "the input keys are unchanged");
        if (v != null) {
          Object valuesAfter = HostArrays.copy(inputValues);
          prims.download(v, valuesAfter);
          assertArrayEquals(
              HostArrays.bits(inputValues),
              HostArrays.bits(valuesAfter),
              "the input values are unchanged");
        }
      }
      if (vOut != null) {
        prims.download(vOut, sortedValues);
      }
      prims.download(kOut, sortedKeys);
    }
    assertArrayEquals(HostArrays.bits(expectedKeys), HostArrays.bits(sortedKeys), "keys");
    if (sortedValues != null) {
      assertArrayEquals(
          expectedValues, HostArrays.bits(sortedValues), "values (stable order of equal bits)");
    }
  }

  @Test
  void badBufferArguments() {
    Prims prims = prims();
    try (dev.prims.DeviceBuffer ints = prims.upload(new int[] {3, 1, 2});
        dev.prims.DeviceBuffer longs = prims.upload(new long[] {3, 1, 2});
        dev.prims.DeviceBuffer shorter = prims.upload(new int[] {1, 2});
        dev.prims.DeviceBuffer floats = prims.upload(new float[] {1, 2, 3})) {
      SortOrder up = SortOrder.ASCENDING;
      assertThrows(IllegalArgumentException.class, () -> prims.sortInPlace(ints, up, -1, 8));
      assertThrows(IllegalArgumentException.class, () -> prims.sortInPlace(ints, up, 0, 33));
      assertThrows(IllegalArgumentException.class, () -> prims.sortInPlace(ints, up, 9, 8));
      assertThrows(IllegalArgumentException.class, () -> prims.sortInPlace(longs, up, 0, 65));
      assertThrows(
          IllegalArgumentException.class,
          () -> prims.sortInPlace((dev.prims.DeviceBuffer) null, up));
      assertThrows(IllegalArgumentException.class, () -> prims.sortInPlace(ints, null));
      assertThrows(IllegalArgumentException.class, () -> prims.sortPairs(ints, shorter, up));
      assertThrows(IllegalArgumentException.class, () -> prims.sortPairs(ints, floats, up));
      assertThrows(IllegalArgumentException.class, () -> prims.sortPairs(ints, ints, up));
      assertThrows(IllegalArgumentException.class, () -> prims.sort(ints, shorter, up));
      assertThrows(IllegalArgumentException.class, () -> prims.sort(ints, floats, up));
      assertThrows(
          IllegalArgumentException.class,
          () -> prims.sort(ints, (dev.prims.DeviceBuffer) null, up));
      assertThrows(
          IllegalArgumentException.class, () -> prims.sortPairs(ints, longs, ints, null, up));
      assertThrows(
          IllegalArgumentException.class, () -> prims.sortPairs(ints, longs, longs, longs, up));
      assertThrows(
          IllegalArgumentException.class, () -> prims.sortPairs(ints, longs, ints, ints, up));
      String message =
          assertThrows(IllegalArgumentException.class, () -> prims.sortInPlace(ints, up, 4, 40))
              .getMessage();
      org.junit.jupiter.api.Assertions.assertTrue(
          message.contains("4") && message.contains("40"), "names the bits: " + message);
      int[] untouched = new int[3];
      prims.download(ints, untouched);
      assertArrayEquals(new int[] {3, 1, 2}, untouched, "a refused call leaves the keys alone");
    }
  }

  private static int width(DType type) {
    return type.bytes() * Byte.SIZE;
  }

  /** The radix bits of {@code keys[i]}, as the Javadoc of the buffer sort defines them. */
  private static long radixBits(Object keys, int i, SortOrder order) {
    long bits;
    long flip;
    if (keys instanceof int[] a) {
      bits = (a[i] ^ Integer.MIN_VALUE) & 0xFFFF_FFFFL;
      flip = 0xFFFF_FFFFL;
    } else if (keys instanceof long[] a) {
      bits = a[i] ^ Long.MIN_VALUE;
      flip = -1L;
    } else if (keys instanceof float[] a) {
      int raw = Float.floatToIntBits(a[i]);
      bits = (raw < 0 ? ~raw : raw | Integer.MIN_VALUE) & 0xFFFF_FFFFL;
      flip = 0xFFFF_FFFFL;
    } else {
      long raw = Double.doubleToLongBits(((double[]) keys)[i]);
      bits = raw < 0 ? ~raw : raw | Long.MIN_VALUE;
      flip = -1L;
    }
    return order == SortOrder.DESCENDING ? bits ^ flip : bits;
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

  /** Adds the tests of one key type and order. */
  private interface Cells {
    void add(DType type, SortOrder order, List<DynamicNode> tests);
  }

  /**
   * One container per key type and order, named {@code "<type> <order>"} and {@code suffix}, with
   * the tests {@code cells} adds for them.
   */
  private static Stream<DynamicNode> perTypeAndOrder(String suffix, Cells cells) {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DType type : DType.values()) {
      for (SortOrder order : SortOrder.values()) {
        List<DynamicNode> tests = new ArrayList<>();
        cells.add(type, order, tests);
        nodes.add(DynamicContainer.dynamicContainer(name(type, order) + suffix, tests));
      }
    }
    return nodes.stream();
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
    Object sorted = HostArrays.copy(keys);
    switch (DType.ofArray(keys)) {
      case INT -> Arrays.sort((int[]) sorted);
      case LONG -> Arrays.sort((long[]) sorted);
      case FLOAT -> Arrays.sort((float[]) sorted);
      case DOUBLE -> Arrays.sort((double[]) sorted);
    }
    return order == SortOrder.DESCENDING ? HostArrays.reversed(sorted) : sorted;
  }
}
