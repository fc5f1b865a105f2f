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
  void floatPlansUseTwoFoldsAndRoundToFloat() {
    float[] x = {1.5f, 2.25f, -0.125f, 1e-3f};
    double[] wide = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      wide[i] = x[i];
    }
    FoldPlan plan = FoldPlan.forMaxAbs(DType.FLOAT, maxAbs(wide));
    assertEquals(2, plan.folds());
    long[] sums = new long[2];
    for (double v : wide) {
      plan.accumulate(v, sums);
    }
    assertEquals((float) exact(wide), plan.finish(sums).floatValue(), 1e-6f);
    assertTrue(plan.finish(sums) instanceof Float);
  }
}
