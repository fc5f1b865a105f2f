package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.spi.FoldPlan;
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
    // the bound check's constant (1 + 2^-23) * 2^(bound + 24) must stay finite
    assertEquals(103, FloatFoldLanes.bound(Math.scalb(1f, 95), 90));
    assertEquals(FloatFoldLanes.NONE, FloatFoldLanes.bound(Math.scalb(1f, 96), 90));
    assertEquals(-99, FloatFoldLanes.bound(Math.scalb(1f, -107), -120));
  }

  /** Values on a grid of 2^(exponent - 24) below 2^exponent, both signs, a few zeros. */
  private static float[] onGrid(Random random, int n, int exponent) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = Math.scalb((float) (random.nextInt(1 << 24) - (1 << 22)), exponent - 24);
    }
    return a;
  }

  @Test
  void twoLayersTakeValuesOnTheSecondLayersGridAndThreeTakeFinerOnes() {
    Random random = new Random(31);
    FloatFoldLanes lanes = FloatFoldLanes.local();
    for (int round = 0; round < 200; round++) {
      int exponent = random.nextInt(200) - 95;
      int rows = 1 + random.nextInt(FloatFoldLanes.ROWS);
      float[] a = onGrid(random, rows * FloatFoldLanes.WIDTH, exponent);
      float first = 0;
      for (int i = 0; i < 128; i++) {
        first = Math.max(first, Math.abs(a[i]));
      }
      if (first == 0) {
        continue;
      }
      int top = FoldPlan.topGridFor(first);
      int bound = FloatFoldLanes.bound(first, top);
      if (bound == FloatFoldLanes.NONE) {
        continue;
      }
      // a value with bits below the second layer's unit, but not below the third's
      float fine = Math.scalb(1 + 0x1p-23f, bound - 12);
      boolean spoiled = round % 2 == 1;
      if (spoiled) {
        a[random.nextInt(a.length)] = random.nextBoolean() ? fine : -fine;
      }
      long[] expected = definition(a, 0, a.length, top);
      String where = "exponent " + exponent + ", rows " + rows + ", spoiled " + spoiled;
      long[] two = {3, 4};
      boolean tookTwo = lanes.addTwoLayers(a, 0, a.length, bound, top - 60, two);
      long[] three = {3, 4};
      assertTrue(lanes.addThreeLayers(a, 0, a.length, bound, top - 60, three), where);
      long[] any = {3, 4};
      assertTrue(lanes.add(a, 0, a.length, bound, top - 60, any), where);
      // the expected total added to {3, 4}
      long[] shifted = new long[2];
      shifted[0] = expected[0] + 3;
      shifted[1] = expected[1] + 4 + (Long.compareUnsigned(shifted[0], 3) < 0 ? 1 : 0);
      assertEquals(shifted[0], three[0], where);
      assertEquals(shifted[1], three[1], where);
      assertEquals(shifted[0], any[0], where);
      assertEquals(shifted[1], any[1], where);
      if (spoiled) {
        assertFalse(tookTwo, where);
        assertEquals(3, two[0]);
        assertEquals(4, two[1]);
      } else {
        // multiples of 2^(exponent - 24), at or above 2^(bound - 33) as bound <= exponent + 7
        assertTrue(tookTwo, where);
        assertEquals(shifted[0], two[0], where);
        assertEquals(shifted[1], two[1], where);
      }
    }
  }

  @Test
  void everyPathDeclinesMagnitudesAtTheBoundAndTakesThoseJustBelow() {
    Random random = new Random(37);
    int top = FoldPlan.topGridFor(0.75f);
    int bound = FloatFoldLanes.bound(0.75f, top);
    FloatFoldLanes lanes = FloatFoldLanes.local();
    float below = Math.nextDown(Math.scalb(1f, bound));
    float[] a = onGrid(random, SPAN, -1);
    for (float edge : new float[] {below, -below, Math.scalb(1f, bound), -Math.scalb(1f, bound)}) {
      for (int at : new int[] {0, 7, SPAN - 1}) {
        float[] b = a.clone();
        b[at] = edge;
        boolean inside = Math.abs(edge) < Math.scalb(1f, bound);
        long[] expected = inside ? definition(b, 0, SPAN, top) : new long[] {0, 0};
        long[] two = new long[2];
        long[] three = new long[2];
        assertEquals(inside, lanes.addTwoLayers(b, 0, SPAN, bound, top - 60, two), edge + "");
        assertEquals(inside, lanes.addThreeLayers(b, 0, SPAN, bound, top - 60, three), edge + "");
        assertEquals(expected[0], two[0]);
        assertEquals(expected[1], two[1]);
        assertEquals(expected[0], three[0]);
        assertEquals(expected[1], three[1]);
      }
    }
  }

  @Test
  void spansSwitchingBetweenTwoAndThreeLayersStayExact() {
    Random random = new Random(41);
    FloatFoldLanes lanes = FloatFoldLanes.local();
    int top = FoldPlan.topGridFor(0.75f);
    int bound = FloatFoldLanes.bound(0.75f, top);
    // grid spans (two layers), then full-precision spans (three), then grid again past the retry
    for (int span = 0; span < 3 * FloatFoldLanes.RETRY; span++) {
      boolean fine = span % FloatFoldLanes.RETRY < 3;
      float[] a = new float[SPAN];
      for (int i = 0; i < SPAN; i++) {
        // below 2^-13 with bits down to 2^-37: below the second layer's unit 2^-33
        a[i] =
            fine
                ? (float) ((1 + random.nextDouble()) * 0x1p-14)
                : random.nextInt(1 << 23) * 0x1p-24f;
      }
      long[] total = new long[2];
      assertTrue(lanes.add(a, 0, SPAN, bound, top - 60, total), "span " + span);
      long[] expected = definition(a, 0, SPAN, top);
      assertEquals(expected[0], total[0], "span " + span);
      assertEquals(expected[1], total[1], "span " + span);
    }
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
      assertEquals(
          FloatChunkSums.expected(a),
          FloatChunkSums.folded(a),
          "kind " + kind + ", n " + n + ", scale " + scale);
    }
  }
}
