package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The one-pass float chunk total equals FoldPlan's per-element definition on every path. */
class FloatFoldTotalsTest {
  @Test
  void everyPathGivesTheDefinitionsBits() {
    Random random = new Random(23);
    for (int round = 0; round < 3000; round++) {
      int n = 1 + random.nextInt(700);
      float[] a = new float[n];
      int kind = round % 7;
      for (int i = 0; i < n; i++) {
        switch (kind) {
          case 0:
            a[i] = random.nextFloat();
            break;
          case 1: // small values first, a much larger one later: the guessed top grid is wrong
            a[i] = i < n / 2 ? random.nextFloat() * 1e-12f : random.nextFloat() * 1e12f;
            break;
          case 2: // subnormals and zeros
            a[i] = random.nextInt(4) == 0 ? 0 : Float.intBitsToFloat(random.nextInt(0x800000));
            break;
          case 3: // heavy cancellation
            a[i] = (i % 2 == 0 ? 1e8f : -1e8f) + random.nextFloat();
            break;
          case 4: // mixed magnitudes: many groups take the general path
            a[i] = (float) (random.nextGaussian() * Math.pow(10, random.nextInt(60) - 30));
            break;
          case 5: // zeros between ordinary values
            a[i] = random.nextInt(3) == 0 ? 0 : (float) random.nextGaussian();
            break;
          default:
            a[i] = 0;
        }
      }
      assertEquals(
          FloatChunkSums.expected(a), FloatChunkSums.folded(a), "kind " + kind + ", n " + n);
    }
  }

  @Test
  void nonFiniteValuesAreReported() {
    float[] a = new float[300];
    a[250] = Float.NaN;
    assertEquals(
        FloatFoldTotals.NON_FINITE, FloatFoldTotals.foldChunk(a, 0, a.length, new long[2]));
    a[250] = Float.NEGATIVE_INFINITY;
    assertEquals(
        FloatFoldTotals.NON_FINITE, FloatFoldTotals.foldChunk(a, 0, a.length, new long[2]));
    a[0] = Float.POSITIVE_INFINITY;
    assertEquals(
        FloatFoldTotals.NON_FINITE, FloatFoldTotals.foldChunk(a, 0, a.length, new long[2]));
  }
}
