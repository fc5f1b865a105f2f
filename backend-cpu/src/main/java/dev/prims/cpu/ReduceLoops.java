package dev.prims.cpu;

import dev.prims.ReduceOp;

/**
 * Sequential reduce loops over {@code [from, to)}, one loop per type and operator with the switch
 * outside the loop. Integer loops keep one accumulator so C2 vectorises them; floating sums keep
 * {@link CpuPolicy#ACCUMULATORS} independent ones merged pairwise.
 */
final class ReduceLoops {
  private ReduceLoops() {}

  static int reduce(int[] a, int from, int to, ReduceOp op) {
    int acc = op.identity(dev.prims.DType.INT).intValue();
    switch (op) {
      case SUM:
        for (int i = from; i < to; i++) {
          acc += a[i];
        }
        return acc;
      case PROD:
        for (int i = from; i < to; i++) {
          acc *= a[i];
        }
        return acc;
      case MIN:
        for (int i = from; i < to; i++) {
          acc = Math.min(acc, a[i]);
        }
        return acc;
      case MAX:
        for (int i = from; i < to; i++) {
          acc = Math.max(acc, a[i]);
        }
        return acc;
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
        for (int i = from; i < to; i++) {
          acc += a[i];
        }
        return acc;
      case PROD:
        for (int i = from; i < to; i++) {
          acc *= a[i];
        }
        return acc;
      case MIN:
        for (int i = from; i < to; i++) {
          acc = Math.min(acc, a[i]);
        }
        return acc;
      case MAX:
        for (int i = from; i < to; i++) {
          acc = Math.max(acc, a[i]);
        }
        return acc;
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
        {
          float acc = Float.POSITIVE_INFINITY;
          for (int i = from; i < to; i++) {
            acc = Math.min(acc, a[i]);
          }
          return acc;
        }
      case MAX:
        {
          float acc = Float.NEGATIVE_INFINITY;
          for (int i = from; i < to; i++) {
            acc = Math.max(acc, a[i]);
          }
          return acc;
        }
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
        {
          double acc = Double.POSITIVE_INFINITY;
          for (int i = from; i < to; i++) {
            acc = Math.min(acc, a[i]);
          }
          return acc;
        }
      case MAX:
        {
          double acc = Double.NEGATIVE_INFINITY;
          for (int i = from; i < to; i++) {
            acc = Math.max(acc, a[i]);
          }
          return acc;
        }
      default:
        throw new IllegalArgumentException(op + " is not defined for double");
    }
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
