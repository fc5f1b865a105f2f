package dev.prims.cpu;

import dev.prims.spi.MomentsState;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * One chunk's moments over {@code [from, to)}: floating values as sums shifted by the chunk's first
 * element (four accumulator pairs in double), integers as exact sums.
 */
final class MomentsLoops {
  private MomentsLoops() {}

  /** The moments of {@code [from, to)} of an int, long, float or double array. */
  static MomentsState chunk(Object array, int from, int to, long first) {
    if (array instanceof int[] a) {
      return moments(a, from, to);
    }
    if (array instanceof long[] a) {
      return moments(a, from, to);
    }
    if (array instanceof float[] a) {
      return moments(a, from, to);
    }
    return moments((double[]) array, from, to);
  }

  static MomentsState moments(float[] a, int from, int to) {
    double shift = a[from];
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    double q0 = 0;
    double q1 = 0;
    double q2 = 0;
    double q3 = 0;
    int i = from;
    for (; i <= to - 4; i += 4) {
      double d0 = a[i] - shift;
      double d1 = a[i + 1] - shift;
      double d2 = a[i + 2] - shift;
      double d3 = a[i + 3] - shift;
      s0 += d0;
      s1 += d1;
      s2 += d2;
      s3 += d3;
      q0 += d0 * d0;
      q1 += d1 * d1;
      q2 += d2 * d2;
      q3 += d3 * d3;
    }
    for (; i < to; i++) {
      double d = a[i] - shift;
      s0 += d;
      q0 += d * d;
    }
    return MomentsState.ofShiftedSums(
        to - from, shift, (s0 + s1) + (s2 + s3), (q0 + q1) + (q2 + q3));
  }

  static MomentsState moments(double[] a, int from, int to) {
    double shift = a[from];
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    double q0 = 0;
    double q1 = 0;
    double q2 = 0;
    double q3 = 0;
    int i = from;
    for (; i <= to - 4; i += 4) {
      double d0 = a[i] - shift;
      double d1 = a[i + 1] - shift;
      double d2 = a[i + 2] - shift;
      double d3 = a[i + 3] - shift;
      s0 += d0;
      s1 += d1;
      s2 += d2;
      s3 += d3;
      q0 += d0 * d0;
      q1 += d1 * d1;
      q2 += d2 * d2;
      q3 += d3 * d3;
    }
    for (; i < to; i++) {
      double d = a[i] - shift;
      s0 += d;
      q0 += d * d;
    }
    return MomentsState.ofShiftedSums(
        to - from, shift, (s0 + s1) + (s2 + s3), (q0 + q1) + (q2 + q3));
  }

  /** Exact: the sum in a long, each square (below 2^62) split into 32-bit halves. */
  static MomentsState moments(int[] a, int from, int to) {
    long sum = 0;
    long high = 0;
    long low = 0;
    for (int i = from; i < to; i++) {
      long x = a[i];
      long square = x * x;
      sum += x;
      high += square >>> 32;
      low += square & 0xffffffffL;
    }
    BigInteger squares = BigInteger.valueOf(high).shiftLeft(32).add(BigInteger.valueOf(low));
    return MomentsState.ofExactSums(to - from, BigDecimal.valueOf(sum), new BigDecimal(squares));
  }

  /** Exact: the eight words of {@link MomentsState#accumulate}. */
  static MomentsState moments(long[] a, int from, int to) {
    long[] words = new long[8];
    for (int i = from; i < to; i++) {
      MomentsState.accumulate(a[i], words);
    }
    return MomentsState.ofIntegerSums(to - from, words);
  }
}
