package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FoldPlanTest {
  private static double foldSum(double[] x, FoldPlan plan) {
    long[] sums = new long[plan.folds()];
    for (double v : x) {
      plan.accumulate(v, sums);
    }
    return plan.combine(sums);
  }

  private static double maxAbs(double[] x) {
    double m = 0;
    for (double v : x) {
      m = Math.max(m, Math.abs(v));
    }
    return m;
  }

  private static double exact(double[] x) {
    BigDecimal s = BigDecimal.ZERO;
    for (double v : x) {
      s = s.add(new BigDecimal(v));
    }
    return s.round(MathContext.DECIMAL128).doubleValue();
  }

  @Test
  void orderDoesNotChangeTheBits() {
    Random random = new Random(7);
    double[] x = new double[10_000];
    for (int i = 0; i < x.length; i++) {
      x[i] = random.nextGaussian() * Math.pow(10, random.nextInt(12) - 6);
    }
    FoldPlan plan = FoldPlan.forMaxAbs(DType.DOUBLE, maxAbs(x));
    double forward = foldSum(x, plan);
    for (int round = 0; round < 5; round++) {
      for (int i = x.length - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        double t = x[i];
        x[i] = x[j];
        x[j] = t;
      }
      assertEquals(
          Double.doubleToRawLongBits(forward), Double.doubleToRawLongBits(foldSum(x, plan)));
    }
  }

  @Test
  void heavyCancellationStaysAccurate() {
    Random random = new Random(11);
    double[] x = new double[4001];
    for (int i = 0; i < x.length; i++) {
      x[i] = i % 2 == 0 ? 1e8 : -1e8;
    }
    for (int i = 1; i < x.length; i += 7) {
      x[i] = random.nextDouble();
    }
    FoldPlan plan = FoldPlan.forMaxAbs(DType.DOUBLE, maxAbs(x));
    double expected = exact(x);
    double got = foldSum(x, plan);
    assertTrue(
        Math.abs(got - expected) <= 1e-12 * Math.abs(expected) + 1e-7, got + " vs " + expected);
  }

  @Test
  void subnormalsAndHugeValuesDoNotOverflowTheScaling() {
    double[] tiny = {Double.MIN_VALUE, 3 * Double.MIN_VALUE, -Double.MIN_VALUE};
    FoldPlan small = FoldPlan.forMaxAbs(DType.DOUBLE, maxAbs(tiny));
    assertEquals(3 * Double.MIN_VALUE, foldSum(tiny, small));
    double[] huge = {Double.MAX_VALUE / 4, Double.MAX_VALUE / 4, -Double.MAX_VALUE / 8};
    FoldPlan big = FoldPlan.forMaxAbs(DType.DOUBLE, maxAbs(huge));
    assertEquals(exact(huge), foldSum(huge, big));
  }

  @Test
  void floatPlansUseThreeFoldsAndRoundToFloat() {
    float[] x = {1.5f, 2.25f, -0.125f, 1e-3f};
    double[] wide = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      wide[i] = x[i];
    }
    FoldPlan plan = FoldPlan.forMaxAbs(DType.FLOAT, maxAbs(wide));
    assertEquals(3, plan.folds());
    long[] sums = new long[3];
    for (double v : wide) {
      plan.accumulate(v, sums);
    }
    assertEquals((float) exact(wide), plan.finish(sums).floatValue(), 1e-6f);
    assertTrue(plan.finish(sums) instanceof Float);
  }

  @Test
  void topGridsAreAlignedAndCoverTheLargestValue() {
    Random random = new Random(3);
    for (int i = 0; i < 100_000; i++) {
      double m = Math.abs(Double.longBitsToDouble(random.nextLong()));
      if (!(m > 0) || !Double.isFinite(m)) {
        continue;
      }
      int top = FoldPlan.topGridFor(m);
      assertEquals(0, top % FoldPlan.WIDTH);
      assertTrue(m < Math.scalb(1.0, top + FoldPlan.WIDTH), () -> m + " top " + top);
      assertTrue(m >= Math.scalb(1.0, top) || m < Double.MIN_NORMAL, () -> m + " top " + top);
    }
    assertEquals(-1050, FoldPlan.topGridFor(Double.MIN_VALUE));
    assertEquals(1020, FoldPlan.topGridFor(Double.MAX_VALUE));
    assertEquals(0, FoldPlan.topGridFor(1.0));
    assertEquals(-30, FoldPlan.topGridFor(0.5));
  }

  @Test
  void blocksFoldedAtTheirOwnTopsMergeIntoTheGlobalPlan() {
    Random random = new Random(9);
    for (int round = 0; round < 200; round++) {
      int n = 1 + random.nextInt(3000);
      double[] x = new double[n];
      for (int i = 0; i < n; i++) {
        x[i] = random.nextGaussian() * Math.pow(2, random.nextInt(120) - 60);
        if (random.nextInt(50) == 0) {
          x[i] = 0;
        }
      }
      DType type = round % 2 == 0 ? DType.DOUBLE : DType.FLOAT;
      if (type == DType.FLOAT) {
        for (int i = 0; i < n; i++) {
          x[i] = (float) x[i];
        }
      }
      double max = maxAbs(x);
      if (max == 0) {
        continue;
      }
      FoldPlan global = FoldPlan.forMaxAbs(type, max);
      long[] expected = new long[global.folds()];
      for (double v : x) {
        global.accumulate(v, expected);
      }
      FoldSums merged = FoldSums.zero(type);
      int block = 1 + random.nextInt(300);
      for (int from = 0; from < n; from += block) {
        double[] part = java.util.Arrays.copyOfRange(x, from, Math.min(n, from + block));
        double partMax = maxAbs(part);
        if (partMax == 0) {
          merged = FoldSums.zero(type).plus(merged);
          continue;
        }
        FoldPlan local = FoldPlan.forMaxAbs(type, partMax);
        long[] sums = new long[local.folds()];
        for (double v : part) {
          local.accumulate(v, sums);
        }
        merged =
            round % 4 < 2
                ? merged.plus(FoldSums.of(type, local.topGrid(), sums))
                : FoldSums.of(type, local.topGrid(), sums).plus(merged);
      }
      assertEquals(global.topGrid(), merged.topGrid());
      assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(merged.sums()));
      assertEquals(global.finish(expected), merged.finish());
    }
  }

  @Test
  void specialSumsMerge() {
    FoldSums zero = FoldSums.zero(DType.FLOAT);
    FoldSums bad = FoldSums.nonFinite(DType.FLOAT);
    FoldSums one = FoldSums.of(DType.FLOAT, 0, new long[] {1, 0, 0});
    assertTrue(zero.plus(zero).isZero());
    assertEquals(1.0f, zero.plus(one).finish());
    assertTrue(one.plus(bad).isNonFinite());
    assertEquals(0.0f, zero.finish());
    org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, bad::finish);
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> FoldSums.of(DType.FLOAT, 0, new long[2]));
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> one.plus(FoldSums.zero(DType.DOUBLE)));
  }

  @Test
  void combineDependsOnlyOnTheExactTotal() {
    FoldPlan plan = FoldPlan.forTopGrid(DType.FLOAT, 0);
    long unit = 1L << FoldPlan.WIDTH;
    long[] a = {5, 7, 9};
    long[] b = {4, 7 + unit, 9};
    long[] c = {5, 8, 9 - unit};
    long[] d = {6, 6 - unit, 9 + unit};
    assertEquals(plan.combine(a), plan.combine(b));
    assertEquals(plan.combine(a), plan.combine(c));
    assertEquals(plan.combine(a), plan.combine(d));
    long[] n = {6, -1, -3};
    FoldPlan.normalize(n);
    assertEquals("[5, " + (unit - 2) + ", " + (unit - 3) + "]", java.util.Arrays.toString(n));
  }

  @Test
  void wideTotalsSplitIntoCanonicalFolds() {
    Random random = new Random(17);
    for (int i = 0; i < 10_000; i++) {
      DType type = i % 2 == 0 ? DType.FLOAT : DType.DOUBLE;
      int folds = FoldPlan.foldsFor(type);
      java.math.BigInteger total = new java.math.BigInteger(1 + random.nextInt(120), random);
      if (random.nextBoolean()) {
        total = total.negate();
      }
      long[] sums =
          FoldSums.ofTotal(type, 0, total.longValue(), total.shiftRight(64).longValue()).sums();
      java.math.BigInteger back = java.math.BigInteger.ZERO;
      for (int f = 0; f < folds; f++) {
        back = back.shiftLeft(FoldPlan.WIDTH).add(java.math.BigInteger.valueOf(sums[f]));
        if (f > 0) {
          assertTrue(sums[f] >= 0 && sums[f] < 1L << FoldPlan.WIDTH, "fold " + f);
        }
      }
      assertEquals(total, back);
    }
  }
}
