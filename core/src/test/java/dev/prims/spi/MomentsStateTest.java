package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MomentsStateTest {
  @Test
  void integerWordsHoldTheExactSums() {
    SplittableRandom r = new SplittableRandom(21);
    long[] specials = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, 1, Integer.MIN_VALUE, 1L << 32};
    for (int trial = 0; trial < 50; trial++) {
      int n = 1 + r.nextInt(200);
      long[] words = new long[8];
      BigInteger sum = BigInteger.ZERO;
      BigInteger squares = BigInteger.ZERO;
      for (int i = 0; i < n; i++) {
        long x = r.nextInt(4) == 0 ? specials[r.nextInt(specials.length)] : r.nextLong();
        MomentsState.accumulate(x, words);
        sum = sum.add(BigInteger.valueOf(x));
        squares = squares.add(BigInteger.valueOf(x).pow(2));
      }
      MomentsState s = MomentsState.ofIntegerSums(n, words);
      MomentsState expected =
          MomentsState.ofExactSums(n, new BigDecimal(sum), new BigDecimal(squares));
      assertEquals(expected.mean(), s.mean());
      assertEquals(expected.m2(), s.m2());
      BigDecimal m2 =
          new BigDecimal(squares.multiply(BigInteger.valueOf(n)).subtract(sum.pow(2)))
              .divide(BigDecimal.valueOf(n), MathContext.DECIMAL128);
      assertEquals(m2.doubleValue(), s.m2());
    }
  }

  @Test
  void chanMergeMatchesTheWhole() {
    MomentsState a = MomentsState.ofShiftedSums(3, 1.0, 0.0 + 1.0 + 2.0, 0.0 + 1.0 + 4.0);
    MomentsState b = MomentsState.ofShiftedSums(2, 10.0, 0.0 + 1.0, 0.0 + 1.0);
    MomentsState whole = a.plus(b).plus(MomentsState.empty());
    // values 1, 2, 3, 10, 11: mean 5.4, m2 = sum (x - 5.4)^2 = 89.2
    assertEquals(5, whole.count());
    assertEquals(5.4, whole.mean(), 1e-12);
    assertEquals(89.2, whole.m2(), 1e-12);
    assertTrue(Double.isNaN(MomentsState.ofDeviations(2, Double.POSITIVE_INFINITY, 0).mean()));
    assertThrows(
        IllegalArgumentException.class,
        () -> a.plus(MomentsState.ofExactSums(1, BigDecimal.ONE, BigDecimal.ONE)));
  }
}
