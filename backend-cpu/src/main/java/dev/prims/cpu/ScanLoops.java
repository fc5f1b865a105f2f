package dev.prims.cpu;

import dev.prims.ReduceOp;

/**
 * Sequential scan loops over {@code [from, to)} starting from {@code carry}, one loop per type,
 * operator and kind with the switch outside the loop. Each element is read before its output is
 * written, so {@code in} and {@code out} may be the same array.
 */
final class ScanLoops {
  private ScanLoops() {}

  static void scan(
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
        return;
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
        return;
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
        return;
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
        return;
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
        return;
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
        return;
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
        return;
    }
  }

  static void scan(
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
        return;
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
        return;
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
        return;
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
        return;
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
        return;
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
        return;
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
        return;
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
}
