package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The vectorised lanes give FoldPlan's exact total wherever they take a span, and decline the spans
 * they cannot sum exactly; chunks long enough for the lanes fold to the definition's bits.
 */
class FloatFoldLanesTest {
  private static final int SPAN = FloatFoldLanes.WIDTH * FloatFoldLanes.ROWS;

  /** FoldPlan's per-element sums at {@code top}, carried into a 128-bit total in units of 2^low. */
  private static long[] definition(float[] a, int from, int to, int top) {
    FoldPlan plan = FoldPlan.forTopGrid(DType.FLOAT, top);
    long[] sums = new long[plan.folds()];
    for (int i = from; i < to; i++) {
      plan.accumulate(a[i], sums);
    }
    long[] total = new long[2];
    for (int f = 0; f < sums.length; f++) {
      FloatFoldLanes.addShifted(total, sums[f], FoldPlan.WIDTH * (sums.length - 1 - f));
    }
    return total;
  }

  private static Number expected(float[] a) {
    double max = 0;
    for (float x : a) {
      max = Math.max(max, Math.abs((double) x));
    }
    if (!(max <= Float.MAX_VALUE)) {
      return Float.NaN;
    }
    if (max == 0) {
      return 0.0f;
    }
    FoldPlan plan = FoldPlan.forMaxAbs(DType.FLOAT, max);
    long[] sums = new long[plan.folds()];
    for (float x : a) {
      plan.accumulate(x, sums);
    }
    return plan.finish(sums);
  }

  private static Number folded(float[] a) {
    long[] total = new long[2];
    int top = FloatFoldTotals.foldChunk(a, 0, a.length, total);
    if (top == FloatFoldTotals.NON_FINITE) {
      return Float.NaN;
    }
    if (top == FloatFoldTotals.ZERO) {
      return 0.0f;
    }
    return FoldSums.ofTotal(DType.FLOAT, top, total[0], total[1]).finish();
  }

  private static float[] uniform(Random random, int n, float scale) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = (random.nextFloat() - 0.25f) * scale;
    }
    return a;
  }

  @Test
  void takenSpansGiveTheDefinitionsTotal() {
    Random random = new Random(5);
    int taken = 0;
    for (int round = 0; round < 200; round++) {
      // magnitudes across the whole range where the lanes apply, both signs, a few zeros
      float scale = Math.scalb(1f, random.nextInt(210) - 90);
      int rows = 1 + random.nextInt(FloatFoldLanes.ROWS);
      float[] a = uniform(random, rows * FloatFoldLanes.WIDTH, scale);
      for (int k = random.nextInt(10); k > 0; k--) {
        a[random.nextInt(a.length)] = 0;
      }
      float first = 0;
      for (int i = 0; i < 128; i++) {
        first = Math.max(first, Math.abs(a[i]));
      }
      int top = FoldPlan.topGridFor(first);
      int bound = FloatFoldLanes.bound(first, top);
      if (bound == FloatFoldLanes.NONE) {
        continue;
      }
      long[] total = new long[2];
      boolean took = FloatFoldLanes.local().add(a, 0, a.length, bound, top - 60, total);
      if (took) {
        taken++;
        long[] expected = definition(a, 0, a.length, top);
        assertEquals(expected[0], total[0], "scale " + scale + ", rows " + rows);
        assertEquals(expected[1], total[1], "scale " + scale + ", rows " + rows);
      }
    }
    assertTrue(taken > 150, "the lanes took only " + taken + " of 200 spans");
  }

  @Test
  void spansTheLanesCannotSumExactlyAreDeclined() {
    Random random = new Random(9);
    float[] a = uniform(random, SPAN, 1f);
    int top = FoldPlan.topGridFor(0.75f);
    int bound = FloatFoldLanes.bound(0.75f, top);
    FloatFoldLanes lanes = FloatFoldLanes.local();
    assertTrue(lanes.add(a, 0, SPAN, bound, top - 60, new long[2]));
    float[][] spoilers = {
      {Math.scalb(1 + 0x1p-23f, bound - 30)}, // bits below the last layer's unit
      {Float.MIN_VALUE}, // a subnormal
      {Math.scalb(1f, bound)}, // at the bound
      {Float.NaN},
      {Float.POSITIVE_INFINITY},
      {Float.NEGATIVE_INFINITY},
    };
    for (float[] spoiler : spoilers) {
      for (int at : new int[] {0, 1, FloatFoldLanes.WIDTH - 1, SPAN / 2 + 3, SPAN - 1}) {
        float[] b = a.clone();
        b[at] = spoiler[0];
        long[] total = {7, 9};
        assertFalse(lanes.add(b, 0, SPAN, bound, top - 60, total), spoiler[0] + " at " + at);
        assertEquals(7, total[0]);
        assertEquals(9, total[1]);
      }
    }
  }

  @Test
  void boundLeavesRoomAboveTheFirstValuesButNotPastTheTopGrid() {
    assertEquals(8, FloatFoldLanes.bound(1.5f, 0));
    assertEquals(30, FloatFoldLanes.bound(Math.scalb(1f, 27), 0));
    assertEquals(FloatFoldLanes.NONE, FloatFoldLanes.bound(Math.scalb(1f, 125), 120));
    assertEquals(FloatFoldLanes.NONE, FloatFoldLanes.bound(Math.scalb(1f, -110), -120));
  }

  @Test
  void longChunksGiveTheDefinitionsBits() {
    Random random = new Random(17);
    for (int round = 0; round < 120; round++) {
      int n = SPAN / 2 + random.nextInt(2 * SPAN + 1000);
      float[] a = new float[n];
      int kind = round % 8;
      float scale = Math.scalb(1f, random.nextInt(250) - 125);
      for (int i = 0; i < n; i++) {
        switch (kind) {
          case 0: // one magnitude, many scales
            a[i] = (random.nextFloat() - 0.5f) * scale;
            break;
          case 1: // heavy cancellation
            a[i] = (i % 2 == 0 ? 1e8f : -1e8f) + random.nextFloat();
            break;
          case 2: // subnormals and zeros
            a[i] = random.nextInt(4) == 0 ? 0 : Float.intBitsToFloat(random.nextInt(0x800000));
            break;
          case 3: // wide dynamic range: most spans are declined
            a[i] = (float) (random.nextGaussian() * Math.pow(10, random.nextInt(60) - 30));
            break;
          case 4: // normal data with a rare tiny value
            a[i] = random.nextInt(20000) == 0 ? 1e-30f : (float) random.nextGaussian();
            break;
          case 5: // small values first, a much larger one later: the top grid changes
            a[i] = i < n / 2 ? random.nextFloat() * 1e-12f : random.nextFloat() * 1e12f;
            break;
          case 6: // values up to 2^7 above the first ones, then past it within the top grid
            a[i] = random.nextFloat() * (i < 1000 ? 1 : i < n / 2 ? 100 : 1e6f);
            break;
          default: // a rare NaN or infinity
            a[i] = random.nextFloat();
            if (i == n / 3) {
              a[i] = random.nextBoolean() ? Float.NaN : Float.NEGATIVE_INFINITY;
            }
        }
      }
      assertEquals(expected(a), folded(a), "kind " + kind + ", n " + n + ", scale " + scale);
    }
  }
}
