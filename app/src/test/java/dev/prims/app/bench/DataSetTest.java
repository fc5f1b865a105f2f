package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
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
}
