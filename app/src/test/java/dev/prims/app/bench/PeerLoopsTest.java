package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The JDK peers' typed loops compute what they time, for every element type. */
class PeerLoopsTest {
  private static final List<Object> ONE_TO_FOUR =
      List.of(
          new int[] {1, 2, 3, 4},
          new long[] {1, 2, 3, 4},
          new float[] {1, 2, 3, 4},
          new double[] {1, 2, 3, 4});

  @Test
  void sumsPrefixesAndDotsOfEveryType() {
    for (Object values : ONE_TO_FOUR) {
      String type = values.getClass().getSimpleName();
      assertEquals(10, PeerLoops.serialSum(values), type);
      assertEquals(30, PeerLoops.serialDot(values, values), type);
      assertEquals(30, PeerLoops.parallelDot(values, values), type);
      Object output = PeerLoops.copy(values);
      assertEquals(10, PeerLoops.serialPrefix(values, output), type);
      assertEquals(
          List.of(1d, 3d, 6d, 10d), doubles(output), type + ": serial prefix sums in the output");
      assertEquals(List.of(1d, 2d, 3d, 4d), doubles(values), type + ": the input is untouched");
    }
  }

  @Test
  void parallelPrefixScansInPlace() {
    for (Object values :
        List.of(new int[] {1, 2, 3}, new long[] {1, 2, 3}, new double[] {1, 2, 3})) {
      Object scratch = PeerLoops.copy(values);
      assertEquals(6, PeerLoops.parallelPrefix(scratch), values.getClass().getSimpleName());
      assertEquals(List.of(1d, 3d, 6d), doubles(scratch));
    }
  }

  @Test
  void histogramsCountKeysAndEvenBins() {
    long[] counts = new long[4];
    PeerLoops.serialHistogram(new int[] {0, 1, 1, 3, 4, -1}, counts);
    assertArrayEquals(new long[] {1, 2, 0, 1}, counts, "int keys; 4 and -1 out of range");
    PeerLoops.serialHistogram(new long[] {2, 2, 5}, counts);
    assertArrayEquals(new long[] {0, 0, 2, 0}, counts, "long keys, counts cleared first");
    PeerLoops.serialHistogram(new float[] {0f, 0.3f, 0.99f, 1f}, counts);
    assertArrayEquals(new long[] {1, 1, 0, 1}, counts, "float values in even bins over [0, 1)");
    PeerLoops.serialHistogram(new double[] {0.5, 0.6, -0.1}, counts);
    assertArrayEquals(new long[] {0, 0, 2, 0}, counts, "double values in even bins over [0, 1)");
  }

  private static List<Double> doubles(Object array) {
    int n = java.lang.reflect.Array.getLength(array);
    Double[] out = new Double[n];
    for (int i = 0; i < n; i++) {
      out[i] = ((Number) java.lang.reflect.Array.get(array, i)).doubleValue();
    }
    return List.of(out);
  }
}
