package dev.prims.cpu;

import dev.prims.ReduceOp;

/**
 * Sequential reduce loops over {@code [from, to)}, one loop per type and operator with the switch
 * outside the loop. Sums, minima and maxima keep {@link CpuPolicy#ACCUMULATORS} independent
 * accumulators merged pairwise, so several operations are in flight (C2 on Java 17 does not
 * vectorise these reductions, and one accumulator runs at one add's latency per element). Integer
 * results, minima and maxima are the same in any order; floating sums follow this fixed order.
 */
final class ReduceLoops {
  private ReduceLoops() {}

  static int reduce(int[] a, int from, int to, ReduceOp op) {
    int acc = op.identity(dev.prims.DType.INT).intValue();
    switch (op) {
      case SUM:
        return sum(a, from, to);
      case PROD:
        for (int i = from; i < to; i++) {
          acc *= a[i];
        }
        return acc;
      case MIN:
        return min(a, from, to);
      case MAX:
        return max(a, from, to);
      case AND:
        for (int i = from; i < to; i++) {
          acc &= a[i];
        }
        return acc;
      case OR:
        for (int i = from; i < to; i++) {
          acc |= a[i];
        }
        return acc;
      default:
        for (int i = from; i < to; i++) {
          acc ^= a[i];
        }
        return acc;
    }
  }

  static long reduce(long[] a, int from, int to, ReduceOp op) {
    long acc = op.identity(dev.prims.DType.LONG).longValue();
    switch (op) {
      case SUM:
        return sum(a, from, to);
      case PROD:
        for (int i = from; i < to; i++) {
          acc *= a[i];
        }
        return acc;
      case MIN:
        return min(a, from, to);
      case MAX:
        return max(a, from, to);
      case AND:
        for (int i = from; i < to; i++) {
          acc &= a[i];
        }
        return acc;
      case OR:
        for (int i = from; i < to; i++) {
          acc |= a[i];
        }
        return acc;
      default:
        for (int i = from; i < to; i++) {
          acc ^= a[i];
        }
        return acc;
    }
  }

  static float reduce(float[] a, int from, int to, ReduceOp op) {
    switch (op) {
      case SUM:
        return sum(a, from, to);
      case PROD:
        {
          float acc = 1f;
          for (int i = from; i < to; i++) {
            acc *= a[i];
          }
          return acc;
        }
      case MIN:
        return min(a, from, to);
      case MAX:
        return max(a, from, to);
      default:
        throw new IllegalArgumentException(op + " is not defined for float");
    }
  }

  static double reduce(double[] a, int from, int to, ReduceOp op) {
    switch (op) {
      case SUM:
        return sum(a, from, to);
      case PROD:
        {
          double acc = 1d;
          for (int i = from; i < to; i++) {
            acc *= a[i];
          }
          return acc;
        }
      case MIN:
        return min(a, from, to);
      case MAX:
        return max(a, from, to);
      default:
        throw new IllegalArgumentException(op + " is not defined for double");
    }
  }

  /** Sum (wrapping) with eight independent accumulators, so several additions are in flight. */
  static int sum(int[] a, int from, int to) {
    int s0 = 0;
    int s1 = 0;
    int s2 = 0;
    int s3 = 0;
    int s4 = 0;
    int s5 = 0;
    int s6 = 0;
    int s7 = 0;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = s0 + a[i];
      s1 = s1 + a[i + 1];
      s2 = s2 + a[i + 2];
      s3 = s3 + a[i + 3];
      s4 = s4 + a[i + 4];
      s5 = s5 + a[i + 5];
      s6 = s6 + a[i + 6];
      s7 = s7 + a[i + 7];
    }
    for (; i < to; i++) {
      s0 = s0 + a[i];
    }
    return (((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)));
  }

  /** Sum (wrapping) with eight independent accumulators, so several additions are in flight. */
  static long sum(long[] a, int from, int to) {
    long s0 = 0;
    long s1 = 0;
    long s2 = 0;
    long s3 = 0;
    long s4 = 0;
    long s5 = 0;
    long s6 = 0;
    long s7 = 0;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = s0 + a[i];
      s1 = s1 + a[i + 1];
      s2 = s2 + a[i + 2];
      s3 = s3 + a[i + 3];
      s4 = s4 + a[i + 4];
      s5 = s5 + a[i + 5];
      s6 = s6 + a[i + 6];
      s7 = s7 + a[i + 7];
    }
    for (; i < to; i++) {
      s0 = s0 + a[i];
    }
    return (((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)));
  }

  /**
   * Minimum with eight independent accumulators (the same value in any order, NaN and -0.0
   * included).
   */
  static int min(int[] a, int from, int to) {
    int s0 = Integer.MAX_VALUE;
    int s1 = Integer.MAX_VALUE;
    int s2 = Integer.MAX_VALUE;
    int s3 = Integer.MAX_VALUE;
    int s4 = Integer.MAX_VALUE;
    int s5 = Integer.MAX_VALUE;
    int s6 = Integer.MAX_VALUE;
    int s7 = Integer.MAX_VALUE;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = Math.min(s0, a[i]);
      s1 = Math.min(s1, a[i + 1]);
      s2 = Math.min(s2, a[i + 2]);
      s3 = Math.min(s3, a[i + 3]);
      s4 = Math.min(s4, a[i + 4]);
      s5 = Math.min(s5, a[i + 5]);
      s6 = Math.min(s6, a[i + 6]);
      s7 = Math.min(s7, a[i + 7]);
    }
    for (; i < to; i++) {
      s0 = Math.min(s0, a[i]);
    }
    return Math.min(
        Math.min(Math.min(s0, s1), Math.min(s2, s3)), Math.min(Math.min(s4, s5), Math.min(s6, s7)));
  }

  /**
   * Maximum with eight independent accumulators (the same value in any order, NaN and -0.0
   * included).
   */
  static int max(int[] a, int from, int to) {
    int s0 = Integer.MIN_VALUE;
    int s1 = Integer.MIN_VALUE;
    int s2 = Integer.MIN_VALUE;
    int s3 = Integer.MIN_VALUE;
    int s4 = Integer.MIN_VALUE;
    int s5 = Integer.MIN_VALUE;
    int s6 = Integer.MIN_VALUE;
    int s7 = Integer.MIN_VALUE;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = Math.max(s0, a[i]);
      s1 = Math.max(s1, a[i + 1]);
      s2 = Math.max(s2, a[i + 2]);
      s3 = Math.max(s3, a[i + 3]);
      s4 = Math.max(s4, a[i + 4]);
      s5 = Math.max(s5, a[i + 5]);
      s6 = Math.max(s6, a[i + 6]);
      s7 = Math.max(s7, a[i + 7]);
    }
    for (; i < to; i++) {
      s0 = Math.max(s0, a[i]);
    }
    return Math.max(
        Math.max(Math.max(s0, s1), Math.max(s2, s3)), Math.max(Math.max(s4, s5), Math.max(s6, s7)));
  }

  /**
   * Minimum with eight independent accumulators (the same value in any order, NaN and -0.0
   * included).
   */
  static long min(long[] a, int from, int to) {
    long s0 = Long.MAX_VALUE;
    long s1 = Long.MAX_VALUE;
    long s2 = Long.MAX_VALUE;
    long s3 = Long.MAX_VALUE;
    long s4 = Long.MAX_VALUE;
    long s5 = Long.MAX_VALUE;
    long s6 = Long.MAX_VALUE;
    long s7 = Long.MAX_VALUE;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = Math.min(s0, a[i]);
      s1 = Math.min(s1, a[i + 1]);
      s2 = Math.min(s2, a[i + 2]);
      s3 = Math.min(s3, a[i + 3]);
      s4 = Math.min(s4, a[i + 4]);
      s5 = Math.min(s5, a[i + 5]);
      s6 = Math.min(s6, a[i + 6]);
      s7 = Math.min(s7, a[i + 7]);
    }
    for (; i < to; i++) {
      s0 = Math.min(s0, a[i]);
    }
    return Math.min(
        Math.min(Math.min(s0, s1), Math.min(s2, s3)), Math.min(Math.min(s4, s5), Math.min(s6, s7)));
  }

  /**
   * Maximum with eight independent accumulators (the same value in any order, NaN and -0.0
   * included).
   */
  static long max(long[] a, int from, int to) {
    long s0 = Long.MIN_VALUE;
    long s1 = Long.MIN_VALUE;
    long s2 = Long.MIN_VALUE;
    long s3 = Long.MIN_VALUE;
    long s4 = Long.MIN_VALUE;
    long s5 = Long.MIN_VALUE;
    long s6 = Long.MIN_VALUE;
    long s7 = Long.MIN_VALUE;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = Math.max(s0, a[i]);
      s1 = Math.max(s1, a[i + 1]);
      s2 = Math.max(s2, a[i + 2]);
      s3 = Math.max(s3, a[i + 3]);
      s4 = Math.max(s4, a[i + 4]);
      s5 = Math.max(s5, a[i + 5]);
      s6 = Math.max(s6, a[i + 6]);
      s7 = Math.max(s7, a[i + 7]);
    }
    for (; i < to; i++) {
      s0 = Math.max(s0, a[i]);
    }
    return Math.max(
        Math.max(Math.max(s0, s1), Math.max(s2, s3)), Math.max(Math.max(s4, s5), Math.max(s6, s7)));
  }

  /**
   * Minimum with eight independent accumulators (the same value in any order, NaN and -0.0
   * included).
   */
  static float min(float[] a, int from, int to) {
    float s0 = Float.POSITIVE_INFINITY;
    float s1 = Float.POSITIVE_INFINITY;
    float s2 = Float.POSITIVE_INFINITY;
    float s3 = Float.POSITIVE_INFINITY;
    float s4 = Float.POSITIVE_INFINITY;
    float s5 = Float.POSITIVE_INFINITY;
    float s6 = Float.POSITIVE_INFINITY;
    float s7 = Float.POSITIVE_INFINITY;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = Math.min(s0, a[i]);
      s1 = Math.min(s1, a[i + 1]);
      s2 = Math.min(s2, a[i + 2]);
      s3 = Math.min(s3, a[i + 3]);
      s4 = Math.min(s4, a[i + 4]);
      s5 = Math.min(s5, a[i + 5]);
      s6 = Math.min(s6, a[i + 6]);
      s7 = Math.min(s7, a[i + 7]);
    }
    for (; i < to; i++) {
      s0 = Math.min(s0, a[i]);
    }
    return Math.min(
        Math.min(Math.min(s0, s1), Math.min(s2, s3)), Math.min(Math.min(s4, s5), Math.min(s6, s7)));
  }

  /**
   * Maximum with eight independent accumulators (the same value in any order, NaN and -0.0
   * included).
   */
  static float max(float[] a, int from, int to) {
    float s0 = Float.NEGATIVE_INFINITY;
    float s1 = Float.NEGATIVE_INFINITY;
    float s2 = Float.NEGATIVE_INFINITY;
    float s3 = Float.NEGATIVE_INFINITY;
    float s4 = Float.NEGATIVE_INFINITY;
    float s5 = Float.NEGATIVE_INFINITY;
    float s6 = Float.NEGATIVE_INFINITY;
    float s7 = Float.NEGATIVE_INFINITY;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = Math.max(s0, a[i]);
      s1 = Math.max(s1, a[i + 1]);
      s2 = Math.max(s2, a[i + 2]);
      s3 = Math.max(s3, a[i + 3]);
      s4 = Math.max(s4, a[i + 4]);
      s5 = Math.max(s5, a[i + 5]);
      s6 = Math.max(s6, a[i + 6]);
      s7 = Math.max(s7, a[i + 7]);
    }
    for (; i < to; i++) {
      s0 = Math.max(s0, a[i]);
    }
    return Math.max(
        Math.max(Math.max(s0, s1), Math.max(s2, s3)), Math.max(Math.max(s4, s5), Math.max(s6, s7)));
  }

  /**
   * Minimum with eight independent accumulators (the same value in any order, NaN and -0.0
   * included).
   */
  static double min(double[] a, int from, int to) {
    double s0 = Double.POSITIVE_INFINITY;
    double s1 = Double.POSITIVE_INFINITY;
    double s2 = Double.POSITIVE_INFINITY;
    double s3 = Double.POSITIVE_INFINITY;
    double s4 = Double.POSITIVE_INFINITY;
    double s5 = Double.POSITIVE_INFINITY;
    double s6 = Double.POSITIVE_INFINITY;
    double s7 = Double.POSITIVE_INFINITY;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = Math.min(s0, a[i]);
      s1 = Math.min(s1, a[i + 1]);
      s2 = Math.min(s2, a[i + 2]);
      s3 = Math.min(s3, a[i + 3]);
      s4 = Math.min(s4, a[i + 4]);
      s5 = Math.min(s5, a[i + 5]);
      s6 = Math.min(s6, a[i + 6]);
      s7 = Math.min(s7, a[i + 7]);
    }
    for (; i < to; i++) {
      s0 = Math.min(s0, a[i]);
    }
    return Math.min(
        Math.min(Math.min(s0, s1), Math.min(s2, s3)), Math.min(Math.min(s4, s5), Math.min(s6, s7)));
  }

  /**
   * Maximum with eight independent accumulators (the same value in any order, NaN and -0.0
   * included).
   */
  static double max(double[] a, int from, int to) {
    double s0 = Double.NEGATIVE_INFINITY;
    double s1 = Double.NEGATIVE_INFINITY;
    double s2 = Double.NEGATIVE_INFINITY;
    double s3 = Double.NEGATIVE_INFINITY;
    double s4 = Double.NEGATIVE_INFINITY;
    double s5 = Double.NEGATIVE_INFINITY;
    double s6 = Double.NEGATIVE_INFINITY;
    double s7 = Double.NEGATIVE_INFINITY;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 = Math.max(s0, a[i]);
      s1 = Math.max(s1, a[i + 1]);
      s2 = Math.max(s2, a[i + 2]);
      s3 = Math.max(s3, a[i + 3]);
      s4 = Math.max(s4, a[i + 4]);
      s5 = Math.max(s5, a[i + 5]);
      s6 = Math.max(s6, a[i + 6]);
      s7 = Math.max(s7, a[i + 7]);
    }
    for (; i < to; i++) {
      s0 = Math.max(s0, a[i]);
    }
    return Math.max(
        Math.max(Math.max(s0, s1), Math.max(s2, s3)), Math.max(Math.max(s4, s5), Math.max(s6, s7)));
  }

  /** Sum with eight independent accumulators; the tail goes to the first. */
  static float sum(float[] a, int from, int to) {
    float s0 = 0f;
    float s1 = 0f;
    float s2 = 0f;
    float s3 = 0f;
    float s4 = 0f;
    float s5 = 0f;
    float s6 = 0f;
    float s7 = 0f;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 += a[i];
      s1 += a[i + 1];
      s2 += a[i + 2];
      s3 += a[i + 3];
      s4 += a[i + 4];
      s5 += a[i + 5];
      s6 += a[i + 6];
      s7 += a[i + 7];
    }
    for (; i < to; i++) {
      s0 += a[i];
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
  }

  /** Sum with eight independent accumulators; the tail goes to the first. */
  static double sum(double[] a, int from, int to) {
    double s0 = 0d;
    double s1 = 0d;
    double s2 = 0d;
    double s3 = 0d;
    double s4 = 0d;
    double s5 = 0d;
    double s6 = 0d;
    double s7 = 0d;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 += a[i];
      s1 += a[i + 1];
      s2 += a[i + 2];
      s3 += a[i + 3];
      s4 += a[i + 4];
      s5 += a[i + 5];
      s6 += a[i + 6];
      s7 += a[i + 7];
    }
    for (; i < to; i++) {
      s0 += a[i];
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
  }

  static int apply(ReduceOp op, int a, int b) {
    switch (op) {
      case SUM:
        return a + b;
      case PROD:
        return a * b;
      case MIN:
        return Math.min(a, b);
      case MAX:
        return Math.max(a, b);
      case AND:
        return a & b;
      case OR:
        return a | b;
      default:
        return a ^ b;
    }
  }

  static long apply(ReduceOp op, long a, long b) {
    switch (op) {
      case SUM:
        return a + b;
      case PROD:
        return a * b;
      case MIN:
        return Math.min(a, b);
      case MAX:
        return Math.max(a, b);
      case AND:
        return a & b;
      case OR:
        return a | b;
      default:
        return a ^ b;
    }
  }

  static float apply(ReduceOp op, float a, float b) {
    switch (op) {
      case SUM:
        return a + b;
      case PROD:
        return a * b;
      case MIN:
        return Math.min(a, b);
      default:
        return Math.max(a, b);
    }
  }

  static double apply(ReduceOp op, double a, double b) {
    switch (op) {
      case SUM:
        return a + b;
      case PROD:
        return a * b;
      case MIN:
        return Math.min(a, b);
      default:
        return Math.max(a, b);
    }
  }

  /** Combines {@code p[lo..hi)} pairwise (a balanced tree, so the chain is ceil(log2 n)). */
  static float pairwise(float[] p, int lo, int hi, ReduceOp op) {
    if (hi - lo == 1) {
      return p[lo];
    }
    int mid = (lo + hi) >>> 1;
    return apply(op, pairwise(p, lo, mid, op), pairwise(p, mid, hi, op));
  }

  /** Combines {@code p[lo..hi)} pairwise (a balanced tree, so the chain is ceil(log2 n)). */
  static double pairwise(double[] p, int lo, int hi, ReduceOp op) {
    if (hi - lo == 1) {
      return p[lo];
    }
    int mid = (lo + hi) >>> 1;
    return apply(op, pairwise(p, lo, mid, op), pairwise(p, mid, hi, op));
  }

  /** Combines {@code p[lo..hi)} pairwise (exact for integers in any order). */
  static int pairwise(int[] p, int lo, int hi, ReduceOp op) {
    if (hi - lo == 1) {
      return p[lo];
    }
    int mid = (lo + hi) >>> 1;
    return apply(op, pairwise(p, lo, mid, op), pairwise(p, mid, hi, op));
  }

  /** Combines {@code p[lo..hi)} pairwise (exact for integers in any order). */
  static long pairwise(long[] p, int lo, int hi, ReduceOp op) {
    if (hi - lo == 1) {
      return p[lo];
    }
    int mid = (lo + hi) >>> 1;
    return apply(op, pairwise(p, lo, mid, op), pairwise(p, mid, hi, op));
  }
}
