package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.app.DataGenerator.Distribution;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DataGeneratorTest {
  private static final int N = (1 << 17) + 5;

  @Test
  void sameSeedSameData() {
    float[] a = (float[]) DataGenerator.generate(DType.FLOAT, Distribution.UNIFORM, 3, N);
    float[] b = (float[]) DataGenerator.generate(DType.FLOAT, Distribution.UNIFORM, 3, N);
    float[] c = (float[]) DataGenerator.generate(DType.FLOAT, Distribution.UNIFORM, 4, N);
    assertArrayEquals(a, b);
    assertFalse(Arrays.equals(a, c));
  }

  @Test
  void uniformFloatsLieInUnitInterval() {
    double[] d = (double[]) DataGenerator.generate(DType.DOUBLE, Distribution.UNIFORM, 1, N);
    assertTrue(Arrays.stream(d).allMatch(v -> v >= 0 && v < 1));
    double mean = Arrays.stream(d).average().orElseThrow();
    assertEquals(0.5, mean, 0.01);
  }

  @Test
  void intsAreWholeNumbersBelowAThousand() {
    long[] l = (long[]) DataGenerator.generate(DType.LONG, Distribution.INTS, 1, N);
    assertTrue(Arrays.stream(l).allMatch(v -> v >= 0 && v < 1000));
    float[] f = (float[]) DataGenerator.generate(DType.FLOAT, Distribution.INTS, 1, N);
    for (float v : f) {
      assertTrue(v >= 0 && v < 1000 && v == Math.rint(v), "value " + v);
    }
  }

  @Test
  void normalHasUnitSpread() {
    double[] d = (double[]) DataGenerator.generate(DType.DOUBLE, Distribution.NORMAL, 9, N);
    double mean = Arrays.stream(d).average().orElseThrow();
    double var = Arrays.stream(d).map(v -> (v - mean) * (v - mean)).sum() / N;
    assertEquals(0, mean, 0.02);
    assertEquals(1, var, 0.02);
  }

  @Test
  void emptyIsEmpty() {
    assertEquals(0, ((int[]) DataGenerator.generate(DType.INT, Distribution.UNIFORM, 1, 0)).length);
  }
}
