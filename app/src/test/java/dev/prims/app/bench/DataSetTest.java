package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import org.junit.jupiter.api.Test;

class DataSetTest {
  @Test
  void hashIsTheReferenceProgramsHash() {
    // hash32 of cub_reference.cu, worked by hand for index 0 and 1
    assertEquals(0, DataSet.hash32(0));
    long x = 0x9E3779B97F4A7C15L;
    x ^= x >>> 32;
    x *= 0xD6E8FEB86659FD93L;
    x ^= x >>> 32;
    assertEquals((int) x, DataSet.hash32(1));
  }

  @Test
  void integerSortKeysSpanTheirWholeTypeAndFloatingOnesAreTheValues() {
    int[] ints = (int[]) new DataSet(DType.INT, 1 << 16).sortKeys();
    long[] longs = (long[]) new DataSet(DType.LONG, 1 << 16).sortKeys();
    for (int i = 0; i < ints.length; i++) {
      assertEquals(DataSet.hash32(i), ints[i]);
      assertEquals(DataSet.hash32(i), (int) (longs[i] >>> 32), "high half of long key " + i);
      assertEquals(DataSet.hash32(i + DataSet.SORT_SALT), (int) longs[i], "low half of key " + i);
    }
    // every digit varies: negative keys, and keys past the high and low 16 bits of either half
    assertTrue(java.util.Arrays.stream(ints).anyMatch(k -> k < 0));
    assertTrue(java.util.Arrays.stream(ints).anyMatch(k -> k > 1 << 30));
    assertTrue(java.util.Arrays.stream(longs).anyMatch(k -> k < 0 && (k & 0x8000_0000L) != 0));
    DataSet floats = new DataSet(DType.FLOAT, 1000);
    assertSame(floats.values(), floats.sortKeys());
  }

  @Test
  void valuesAreDeterministicAndInRange() {
    DataSet a = new DataSet(DType.INT, 10_000);
    DataSet b = new DataSet(DType.INT, 10_000);
    assertArrayEquals((int[]) a.values(), (int[]) b.values());
    for (int v : (int[]) a.values()) {
      assertTrue(v >= 0 && v < 1000, "value " + v);
    }
    for (int k : (int[]) a.histogramInput()) {
      assertTrue(k >= 0 && k < Operation.BINS, "key " + k);
    }
    for (double v : (double[]) new DataSet(DType.DOUBLE, 10_000).values()) {
      assertTrue(v >= 0 && v < 1, "value " + v);
    }
    float[] f = (float[]) new DataSet(DType.FLOAT, 1000).values();
    double[] widened = new DataSet(DType.FLOAT, 1000).valuesAsDoubles();
    for (int i = 0; i < f.length; i++) {
      assertEquals(f[i], widened[i], 0.0);
    }
  }

  @Test
  void secondOperandDiffers() {
    DataSet d = new DataSet(DType.LONG, 100);
    long[] first = (long[]) d.values();
    long[] second = (long[]) d.second();
    assertTrue(!java.util.Arrays.equals(first, second));
  }

  @Test
  void aPointLongerThanItsArraysIsWrittenToDevicesSliceBySlice() {
    try (Prims prims = Prims.create(PrimsConfig.builder().backend("cpu").build())) {
      for (DType type : DType.values()) {
        DataSet whole = new DataSet(type, 1000);
        DataSet sliced = new DataSet(type, 1000, 999, 64);
        assertFalse(sliced.fitsInArrays());
        assertThrows(IllegalStateException.class, sliced::values);
        try (DeviceBuffer values = sliced.uploadValues(prims);
            DeviceBuffer second = sliced.uploadSecond(prims);
            DeviceBuffer keys = sliced.uploadHistogramInput(prims)) {
          assertEquals(1000, values.length());
          assertArrayEqual(whole.values(), downloaded(prims, values), type);
          assertArrayEqual(whole.second(), downloaded(prims, second), type);
          assertArrayEqual(whole.histogramInput(), downloaded(prims, keys), type);
        }
      }
    }
  }

  private static Object downloaded(Prims prims, DeviceBuffer buffer) {
    Object array =
        java.lang.reflect.Array.newInstance(
            buffer.type().arrayClass().getComponentType(), (int) buffer.length());
    prims.download(buffer, array);
    return array;
  }

  private static void assertArrayEqual(Object expected, Object actual, DType type) {
    switch (type) {
      case INT -> assertArrayEquals((int[]) expected, (int[]) actual);
      case LONG -> assertArrayEquals((long[]) expected, (long[]) actual);
      case FLOAT -> assertArrayEquals((float[]) expected, (float[]) actual);
      case DOUBLE -> assertArrayEquals((double[]) expected, (double[]) actual);
    }
  }
}
