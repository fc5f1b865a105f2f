package dev.prims.cpu;

import dev.prims.ReduceOp;

/**
 * Sequential scan loops over {@code [from, to)} starting from {@code carry}, one loop per type,
 * operator and kind with the switch outside the loop. Each element is read before its output is
 * written, so {@code in} and {@code out} may be the same array. The integer loops return the
 * running value after the last element ({@code carry op} all of {@code [from, to)}).
 */
final class ScanLoops {
  private ScanLoops() {}

  static int scan(
      int[] in, int[] out, int from, int to, int carry, ReduceOp op, boolean inclusive) {
    int acc = carry;
    switch (op) {
      case SUM:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            int x = in[i];
            acc += x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            int x = in[i];
            out[i] = acc;
            acc += x;
          }
        }
        return acc;
      case PROD:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            int x = in[i];
            acc *= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            int x = in[i];
            out[i] = acc;
            acc *= x;
          }
        }
        return acc;
      case MIN:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            int x = in[i];
            acc = Math.min(acc, x);
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            int x = in[i];
            out[i] = acc;
            acc = Math.min(acc, x);
          }
        }
        return acc;
      case MAX:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            int x = in[i];
            acc = Math.max(acc, x);
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            int x = in[i];
            out[i] = acc;
            acc = Math.max(acc, x);
          }
        }
        return acc;
      case AND:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            int x = in[i];
            acc &= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            int x = in[i];
            out[i] = acc;
            acc &= x;
          }
        }
        return acc;
      case OR:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            int x = in[i];
            acc |= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            int x = in[i];
            out[i] = acc;
            acc |= x;
          }
        }
        return acc;
      default:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            int x = in[i];
            acc ^= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            int x = in[i];
            out[i] = acc;
            acc ^= x;
          }
        }
        return acc;
    }
  }

  static long scan(
      long[] in, long[] out, int from, int to, long carry, ReduceOp op, boolean inclusive) {
    long acc = carry;
    switch (op) {
      case SUM:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            long x = in[i];
            acc += x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            long x = in[i];
            out[i] = acc;
            acc += x;
          }
        }
        return acc;
      case PROD:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            long x = in[i];
            acc *= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            long x = in[i];
            out[i] = acc;
            acc *= x;
          }
        }
        return acc;
      case MIN:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            long x = in[i];
            acc = Math.min(acc, x);
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            long x = in[i];
            out[i] = acc;
            acc = Math.min(acc, x);
          }
        }
        return acc;
      case MAX:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            long x = in[i];
            acc = Math.max(acc, x);
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            long x = in[i];
            out[i] = acc;
            acc = Math.max(acc, x);
          }
        }
        return acc;
      case AND:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            long x = in[i];
            acc &= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            long x = in[i];
            out[i] = acc;
            acc &= x;
          }
        }
        return acc;
      case OR:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            long x = in[i];
            acc |= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            long x = in[i];
            out[i] = acc;
            acc |= x;
          }
        }
        return acc;
      default:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            long x = in[i];
            acc ^= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            long x = in[i];
            out[i] = acc;
            acc ^= x;
          }
        }
        return acc;
    }
  }

  static void scan(
      float[] in, float[] out, int from, int to, float carry, ReduceOp op, boolean inclusive) {
    float acc = carry;
    switch (op) {
      case SUM:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            float x = in[i];
            acc += x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            float x = in[i];
            out[i] = acc;
            acc += x;
          }
        }
        return;
      case PROD:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            float x = in[i];
            acc *= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            float x = in[i];
            out[i] = acc;
            acc *= x;
          }
        }
        return;
      case MIN:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            float x = in[i];
            acc = Math.min(acc, x);
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            float x = in[i];
            out[i] = acc;
            acc = Math.min(acc, x);
          }
        }
        return;
      default:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            float x = in[i];
            acc = Math.max(acc, x);
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            float x = in[i];
            out[i] = acc;
            acc = Math.max(acc, x);
          }
        }
        return;
    }
  }

  static void scan(
      double[] in, double[] out, int from, int to, double carry, ReduceOp op, boolean inclusive) {
    double acc = carry;
    switch (op) {
      case SUM:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            double x = in[i];
            acc += x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            double x = in[i];
            out[i] = acc;
            acc += x;
          }
        }
        return;
      case PROD:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            double x = in[i];
            acc *= x;
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            double x = in[i];
            out[i] = acc;
            acc *= x;
          }
        }
        return;
      case MIN:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            double x = in[i];
            acc = Math.min(acc, x);
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            double x = in[i];
            out[i] = acc;
            acc = Math.min(acc, x);
          }
        }
        return;
      default:
        if (inclusive) {
          for (int i = from; i < to; i++) {
            double x = in[i];
            acc = Math.max(acc, x);
            out[i] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            double x = in[i];
            out[i] = acc;
            acc = Math.max(acc, x);
          }
        }
        return;
    }
  }

  /**
   * Sum scan of {@code [from, to)} as two interleaved chains, so two additions are in flight: the
   * first half {@code [from, mid)} from {@code carryA}, the second half from {@code carryB} (the
   * caller's {@code carryA + total of the first half}). {@code mid} must be {@code from + (to -
   * from + 1) / 2}.
   */
  static void sumTwoChains(
      float[] in,
      float[] out,
      int from,
      int mid,
      int to,
      float carryA,
      float carryB,
      boolean inclusive) {
    float a = carryA;
    float b = carryB;
    int len2 = to - mid;
    if (inclusive) {
      for (int j = 0; j < len2; j++) {
        float x = in[from + j];
        float y = in[mid + j];
        a += x;
        b += y;
        out[from + j] = a;
        out[mid + j] = b;
      }
      if (mid - from > len2) {
        out[mid - 1] = a + in[mid - 1];
      }
    } else {
      for (int j = 0; j < len2; j++) {
        float x = in[from + j];
        float y = in[mid + j];
        out[from + j] = a;
        out[mid + j] = b;
        a += x;
        b += y;
      }
      if (mid - from > len2) {
        out[mid - 1] = a;
      }
    }
  }

  /**
   * Sum scan of {@code [from, to)} as two interleaved chains, so two additions are in flight: the
   * first half {@code [from, mid)} from {@code carryA}, the second half from {@code carryB} (the
   * caller's {@code carryA + total of the first half}). {@code mid} must be {@code from + (to -
   * from + 1) / 2}.
   */
  static void sumTwoChains(
      double[] in,
      double[] out,
      int from,
      int mid,
      int to,
      double carryA,
      double carryB,
      boolean inclusive) {
    double a = carryA;
    double b = carryB;
    int len2 = to - mid;
    if (inclusive) {
      for (int j = 0; j < len2; j++) {
        double x = in[from + j];
        double y = in[mid + j];
        a += x;
        b += y;
        out[from + j] = a;
        out[mid + j] = b;
      }
      if (mid - from > len2) {
        out[mid - 1] = a + in[mid - 1];
      }
    } else {
      for (int j = 0; j < len2; j++) {
        double x = in[from + j];
        double y = in[mid + j];
        out[from + j] = a;
        out[mid + j] = b;
        a += x;
        b += y;
      }
      if (mid - from > len2) {
        out[mid - 1] = a;
      }
    }
  }
}
