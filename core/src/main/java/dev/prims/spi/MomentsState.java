package dev.prims.spi;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * The moments of part of an input: its count, mean and sum of squared deviations from the mean
 * ({@code m2}), in one of two forms that merge with {@link #plus} (any order and grouping).
 *
 * <ul>
 *   <li><b>Deviations</b> (floating inputs in fast mode): {@code count}, {@code mean} and {@code
 *       m2} in {@code double}, merged with Chan, Golub and LeVeque's parallel formula. A block
 *       computes them from sums shifted by its first element ({@link #ofShiftedSums}).
 *   <li><b>Exact sums</b> (integer inputs, and reproducible floating inputs): the exact sums of
 *       {@code x} and {@code x^2}, merged exactly; {@link #mean} and {@link #m2} are rounded once
 *       from the exact rational values, so they depend only on the input, not on the blocks.
 * </ul>
 *
 * Integer kernels accumulate the exact sums as eight 64-bit words, each element {@code x} (an
 * {@code int} widened to {@code long}) split as {@code xh = x >> 32}, {@code xl = x & 0xffffffff}:
 *
 * <pre>{@code
 * w[0] += xh;          w[1] += xl;                 // sum x   = w0 * 2^32 + w1
 * long a = xh * xh, b = xh * xl, c = xl * xl;      // c is unsigned
 * w[2] += a >>> 32;    w[3] += a & 0xffffffffL;    // A = w2 * 2^32 + w3
 * w[4] += b >> 32;     w[5] += b & 0xffffffffL;    // B = w4 * 2^32 + w5 (signed)
 * w[6] += c >>> 32;    w[7] += c & 0xffffffffL;    // C = w6 * 2^32 + w7
 * // sum x^2 = A * 2^64 + 2 * B * 2^32 + C
 * }</pre>
 *
 * No word overflows over {@link #MAX_WORDS_ELEMENTS} elements; blocks merge with {@link #plus}.
 * Non-finite results (a NaN or an infinity in the input, or sums beyond the double range) make the
 * mean and {@code m2} NaN.
 */
public final class MomentsState {
  /** Most elements one block may accumulate into the eight words of {@link #ofIntegerSums}. */
  public static final long MAX_WORDS_ELEMENTS = 1L << 31;

  private static final MathContext CONTEXT = MathContext.DECIMAL128;

  private final long count;
  private final double mean;
  private final double m2;
  private final BigDecimal sum;
  private final BigDecimal sumOfSquares;

  private MomentsState(
      long count, double mean, double m2, BigDecimal sum, BigDecimal sumOfSquares) {
    this.count = count;
    this.mean = mean;
    this.m2 = m2;
    this.sum = sum;
    this.sumOfSquares = sumOfSquares;
  }

  /** No elements. Merges with either form. */
  public static MomentsState empty() {
    return new MomentsState(0, Double.NaN, Double.NaN, null, null);
  }

  /** {@code count > 0} elements of mean {@code mean} and squared deviations {@code m2}. */
  public static MomentsState ofDeviations(long count, double mean, double m2) {
    requireCount(count);
    return count == 0 ? empty() : new MomentsState(count, mean, m2, null, null);
  }

  /**
   * A block of {@code count} elements from the sums {@code s1} of {@code x - shift} and {@code s2}
   * of {@code (x - shift)^2}, in double: {@code mean = shift + s1 / count}, {@code m2 = max(0, s2 -
   * s1 * (s1 / count))}. Accurate when {@code shift} is near the mean, such as the block's first
   * element.
   */
  public static MomentsState ofShiftedSums(long count, double shift, double s1, double s2) {
    requireCount(count);
    if (count == 0) {
      return empty();
    }
    double d = s1 / count;
    return new MomentsState(count, shift + d, Math.max(0.0, s2 - s1 * d), null, null);
  }

  /** Exact sums of {@code x} and {@code x^2} over {@code count} elements. */
  public static MomentsState ofExactSums(long count, BigDecimal sum, BigDecimal sumOfSquares) {
    requireCount(count);
    return count == 0
        ? empty()
        : new MomentsState(count, Double.NaN, Double.NaN, sum, sumOfSquares);
  }

  /** The exact sums held by the eight words of the integer recipe (see the class comment). */
  public static MomentsState ofIntegerSums(long count, long[] words) {
    if (words.length != 8) {
      throw new IllegalArgumentException("integer moments need 8 words, got " + words.length);
    }
    BigInteger[] wide = new BigInteger[8];
    for (int k = 0; k < 8; k++) {
      wide[k] = BigInteger.valueOf(words[k]);
    }
    return ofIntegerSums(count, wide);
  }

  /**
   * {@link #ofIntegerSums(long, long[])} of words summed beyond 64 bits (such as 128-bit sums over
   * many blocks).
   */
  public static MomentsState ofIntegerSums(long count, BigInteger[] words) {
    if (words.length != 8) {
      throw new IllegalArgumentException("integer moments need 8 words, got " + words.length);
    }
    BigInteger s = words[0].shiftLeft(32).add(words[1]);
    BigInteger a = words[2].shiftLeft(32).add(words[3]);
    BigInteger b = words[4].shiftLeft(32).add(words[5]);
    BigInteger c = words[6].shiftLeft(32).add(words[7]);
    BigInteger squares = a.shiftLeft(64).add(b.shiftLeft(33)).add(c);
    return ofExactSums(count, new BigDecimal(s), new BigDecimal(squares));
  }

  /** The signed 128-bit integer {@code high * 2^64 + unsigned(low)}. */
  public static BigInteger int128(long low, long high) {
    return BigInteger.valueOf(high).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(low)));
  }

  /** Adds element {@code x} to the eight words of the integer recipe. */
  public static void accumulate(long x, long[] w) {
    long xh = x >> 32;
    long xl = x & 0xffffffffL;
    w[0] += xh;
    w[1] += xl;
    long a = xh * xh;
    long b = xh * xl;
    long c = xl * xl;
    w[2] += a >>> 32;
    w[3] += a & 0xffffffffL;
    w[4] += b >> 32;
    w[5] += b & 0xffffffffL;
    w[6] += c >>> 32;
    w[7] += c & 0xffffffffL;
  }

  private static void requireCount(long count) {
    if (count < 0) {
      throw new IllegalArgumentException("count must not be negative, got " + count);
    }
  }

  /** Whether this state holds exact sums. */
  public boolean isExact() {
    return sum != null;
  }

  /** Number of elements. */
  public long count() {
    return count;
  }

  /**
   * Both parts together: exact sums add; deviations merge with Chan's formula {@code delta = mean_b
   * - mean_a}, {@code mean = mean_a + delta * n_b / n}, {@code m2 = m2_a + m2_b + delta^2 * n_a *
   * n_b / n}.
   *
   * @throws IllegalArgumentException when one part is exact and the other not
   */
  public MomentsState plus(MomentsState other) {
    if (other.count == 0) {
      return this;
    }
    if (count == 0) {
      return other;
    }
    if (isExact() != other.isExact()) {
      throw new IllegalArgumentException("cannot merge exact sums with deviations");
    }
    long n = count + other.count;
    if (isExact()) {
      return new MomentsState(
          n, Double.NaN, Double.NaN, sum.add(other.sum), sumOfSquares.add(other.sumOfSquares));
    }
    double delta = other.mean - mean;
    double nb = (double) other.count / n;
    return new MomentsState(
        n, mean + delta * nb, m2 + other.m2 + delta * delta * count * nb, null, null);
  }

  /** The mean: NaN when empty or non-finite. */
  public double mean() {
    if (count == 0) {
      return Double.NaN;
    }
    double value = isExact() ? sum.divide(BigDecimal.valueOf(count), CONTEXT).doubleValue() : mean;
    return finite() ? value : Double.NaN;
  }

  /** The sum of squared deviations from the mean: NaN when empty or non-finite. */
  public double m2() {
    if (count == 0) {
      return Double.NaN;
    }
    if (isExact()) {
      BigDecimal n = BigDecimal.valueOf(count);
      BigDecimal scaled = sumOfSquares.multiply(n).subtract(sum.multiply(sum));
      double value = scaled.divide(n, CONTEXT).doubleValue();
      return Double.isFinite(value) && finite() ? value : Double.NaN;
    }
    return finite() ? m2 : Double.NaN;
  }

  private boolean finite() {
    if (isExact()) {
      return Double.isFinite(sum.doubleValue()) && Double.isFinite(sumOfSquares.doubleValue());
    }
    return Double.isFinite(mean) && Double.isFinite(m2);
  }

  @Override
  public String toString() {
    return isExact()
        ? "MomentsState[" + count + ", sum " + sum + ", squares " + sumOfSquares + "]"
        : "MomentsState[" + count + ", mean " + mean + ", m2 " + m2 + "]";
  }
}
