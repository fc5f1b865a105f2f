package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link MomentsReference}'s fixed-point sums against plain {@link BigDecimal} arithmetic. */
class MomentsReferenceTest {
  private static final MathContext CONTEXT = new MathContext(50);

  @Test
  void longsAtTheEndsOfTheirRange() {
    long[] values = {Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, -1, 0, 1, Long.MIN_VALUE + 1};
    assertSameAsBigDecimal(values, bigDecimals(values));
  }

  @Test
  void randomIntsAndLongs() {
    SplittableRandom random = new SplittableRandom(7);
    int[] ints = random.ints(5000).toArray();
    long[] longs = random.longs(5000).toArray();
    assertSameAsBigDecimal(
        ints, bigDecimals(java.util.Arrays.stream(ints).asLongStream().toArray()));
    assertSameAsBigDecimal(longs, bigDecimals(longs));
  }

  @Test
  void doublesFromSubnormalToHuge() {
    SplittableRandom random = new SplittableRandom(11);
    double[] values = new double[3000];
    for (int i = 0; i < values.length; i++) {
      double magnitude = Math.scalb(1 + random.nextDouble(), random.nextInt(-1074, 1000));
      values[i] = random.nextBoolean() ? magnitude : -magnitude;
    }
    values[0] = Double.MIN_VALUE;
    values[1] = -Double.MAX_VALUE / 4;
    values[2] = -0.0;
    BigDecimal[] exact = new BigDecimal[values.length];
    for (int i = 0; i < values.length; i++) {
      exact[i] = new BigDecimal(values[i]);
    }
    assertSameAsBigDecimal(values, exact);
  }

  @Test
  void floatsNearOneAnotherFarFromZero() {
    SplittableRandom random = new SplittableRandom(13);
    float[] values = new float[4000];
    BigDecimal[] exact = new BigDecimal[values.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = 1e6f + (float) random.nextDouble();
      exact[i] = new BigDecimal(values[i]);
    }
    assertSameAsBigDecimal(values, exact);
  }

  private static BigDecimal[] bigDecimals(long[] values) {
    BigDecimal[] exact = new BigDecimal[values.length];
    for (int i = 0; i < values.length; i++) {
      exact[i] = BigDecimal.valueOf(values[i]);
    }
    return exact;
  }

  private static void assertSameAsBigDecimal(Object array, BigDecimal[] exact) {
    BigDecimal sum = BigDecimal.ZERO;
    BigDecimal squares = BigDecimal.ZERO;
    for (BigDecimal x : exact) {
      sum = sum.add(x);
      squares = squares.add(x.multiply(x));
    }
    BigDecimal n = BigDecimal.valueOf(exact.length);
    double mean = sum.divide(n, CONTEXT).doubleValue();
    double m2 = squares.multiply(n).subtract(sum.multiply(sum)).divide(n, CONTEXT).doubleValue();
    MomentsReference reference = MomentsReference.of(array);
    assertEquals(exact.length, reference.count());
    assertEquals(mean, reference.mean(), 0.0);
    assertEquals(m2, reference.m2(), 0.0);
  }
}
