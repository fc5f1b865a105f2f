package dev.prims.conformance;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Moments computed exactly in {@link BigDecimal}: the exact sums of {@code x} and {@code x^2}, then
 * {@code mean = sum / n} and {@code m2 = (n * sum(x^2) - sum^2) / n}, each rounded to 50 digits and
 * then to double, for comparison with a backend's one-pass result. Finite inputs only.
 */
public record MomentsReference(long count, double mean, double m2, double maxAbs, double range) {
  private static final MathContext CONTEXT = new MathContext(50);

  /** The reference moments of a non-empty array without NaN or infinity. */
  public static MomentsReference of(Object array) {
    int n = Array.getLength(array);
    BigDecimal sum = BigDecimal.ZERO;
    BigDecimal sumOfSquares = BigDecimal.ZERO;
    double maxAbs = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      BigDecimal x = exact(array, i);
      sum = sum.add(x);
      sumOfSquares = sumOfSquares.add(x.multiply(x));
      double d = x.doubleValue();
      maxAbs = Math.max(maxAbs, Math.abs(d));
      min = Math.min(min, d);
      max = Math.max(max, d);
    }
    BigDecimal count = BigDecimal.valueOf(n);
    BigDecimal mean = sum.divide(count, CONTEXT);
    BigDecimal m2 = sumOfSquares.multiply(count).subtract(sum.multiply(sum)).divide(count, CONTEXT);
    return new MomentsReference(n, mean.doubleValue(), m2.doubleValue(), maxAbs, max - min);
  }

  private static BigDecimal exact(Object array, int i) {
    Object v = Array.get(array, i);
    if (v instanceof Integer || v instanceof Long) {
      return BigDecimal.valueOf(((Number) v).longValue());
    }
    return new BigDecimal(((Number) v).doubleValue());
  }
}
