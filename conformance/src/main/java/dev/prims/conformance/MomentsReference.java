package dev.prims.conformance;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * Moments computed exactly: the exact sums of {@code x} and {@code x^2} ({@link FixedPointSum}),
 * then {@code mean = sum / n} and {@code m2 = (n * sum(x^2) - sum^2) / n}, each rounded to 50
 * digits and then to double, for comparison with a backend's one-pass result. Finite inputs only.
 */
public record MomentsReference(long count, double mean, double m2, double maxAbs, double range) {
  private static final MathContext CONTEXT = new MathContext(50);

  /** The bits of a double lie from 2^-1074 up to below 2^1024. */
  private static final int LOWEST_BIT = -1074;

  private static final int HIGHEST_BIT = 1024;

  /**
   * The reference moments of a non-empty int[], long[], float[] or double[] without NaN or
   * infinity.
   */
  public static MomentsReference of(Object array) {
    Sums sums = new Sums();
    if (array instanceof int[] values) {
      for (int x : values) {
        sums.addInteger(x);
      }
    } else if (array instanceof long[] values) {
      for (long x : values) {
        sums.addInteger(x);
      }
    } else if (array instanceof float[] values) {
      for (float x : values) {
        sums.addFloating(x);
      }
    } else if (array instanceof double[] values) {
      for (double x : values) {
        sums.addFloating(x);
      }
    } else {
      throw new IllegalArgumentException("not an int[], long[], float[] or double[]: " + array);
    }
    return sums.moments();
  }

  /** The running exact sums of one array, with its extremes. */
  private static final class Sums {
    private final FixedPointSum sum = new FixedPointSum(LOWEST_BIT, HIGHEST_BIT);
    private final FixedPointSum sumOfSquares = new FixedPointSum(2 * LOWEST_BIT, 2 * HIGHEST_BIT);
    private long count;
    private double maxAbs;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;

    void addInteger(long x) {
      sum.add(x, 0);
      sumOfSquares.addSquare(x, 0);
      extremes(x);
    }

    /** x = ±m * 2^q with m the 53-bit significand (its hidden bit included for normal values). */
    void addFloating(double x) {
      long bits = Double.doubleToRawLongBits(x);
      int biased = (int) (bits >>> 52) & 0x7ff;
      long fraction = bits & ((1L << 52) - 1);
      long significand = biased == 0 ? fraction : fraction | 1L << 52;
      int exponent = biased == 0 ? LOWEST_BIT : biased - 1075;
      long signed = bits < 0 ? -significand : significand;
      sum.add(signed, exponent);
      sumOfSquares.addSquare(signed, exponent);
      extremes(x);
    }

    private void extremes(double d) {
      count++;
      maxAbs = Math.max(maxAbs, Math.abs(d));
      min = Math.min(min, d);
      max = Math.max(max, d);
    }

    /** mean = S1 / n, m2 = (n * S2 - S1^2) / n, with S1 = A1 * 2^L and S2 = A2 * 2^(2L). */
    MomentsReference moments() {
      BigInteger a1 = sum.scaled();
      BigInteger a2 = sumOfSquares.scaled();
      BigInteger n = BigInteger.valueOf(count);
      BigDecimal mean =
          new BigDecimal(a1).divide(new BigDecimal(n.shiftLeft(-LOWEST_BIT)), CONTEXT);
      BigDecimal m2 =
          new BigDecimal(n.multiply(a2).subtract(a1.multiply(a1)))
              .divide(new BigDecimal(n.shiftLeft(-2 * LOWEST_BIT)), CONTEXT);
      return new MomentsReference(count, mean.doubleValue(), m2.doubleValue(), maxAbs, max - min);
    }
  }
}
