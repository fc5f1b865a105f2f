package dev.prims.aparapi;

/**
 * Host-side finishing of device work with Java semantics: folding the partials of reduce and dot
 * pairwise, and the exclusive scan of group totals for scan.
 */
final class HostOps {
  private HostOps() {}

  /** ceil(log2(n)) for {@code n >= 1}, 0 for smaller. */
  static int ceilLog2(long n) {
    return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
  }

  /** Combines the first {@code count} (at least 1) values of a partials array pairwise. */
  static Number fold(Object partials, int op, int count) {
    if (partials instanceof int[]) {
      return foldInt((int[]) partials, op, 0, count);
    } else if (partials instanceof long[]) {
      return foldLong((long[]) partials, op, 0, count);
    } else if (partials instanceof float[]) {
      return foldFloat((float[]) partials, op, 0, count);
    }
    return foldDouble((double[]) partials, op, 0, count);
  }

  /**
   * Overwrites {@code offsets[0..count)} with the exclusive scan of {@code totals[0..count)},
   * starting from {@code identity}.
   */
  static void exclusiveScan(Object totals, Object offsets, int op, Number identity, int count) {
    if (totals instanceof int[]) {
      int[] t = (int[]) totals;
      int[] o = (int[]) offsets;
      int acc = identity.intValue();
      for (int i = 0; i < count; i++) {
        o[i] = acc;
        acc = combine(op, acc, t[i]);
      }
    } else if (totals instanceof long[]) {
      long[] t = (long[]) totals;
      long[] o = (long[]) offsets;
      long acc = identity.longValue();
      for (int i = 0; i < count; i++) {
        o[i] = acc;
        acc = combine(op, acc, t[i]);
      }
    } else if (totals instanceof float[]) {
      float[] t = (float[]) totals;
      float[] o = (float[]) offsets;
      float acc = identity.floatValue();
      for (int i = 0; i < count; i++) {
        o[i] = acc;
        acc = combine(op, acc, t[i]);
      }
    } else {
      double[] t = (double[]) totals;
      double[] o = (double[]) offsets;
      double acc = identity.doubleValue();
      for (int i = 0; i < count; i++) {
        o[i] = acc;
        acc = combine(op, acc, t[i]);
      }
    }
  }

  private static int foldInt(int[] a, int op, int from, int to) {
    if (to - from == 1) {
      return a[from];
    }
    int mid = (from + to) >>> 1;
    return combine(op, foldInt(a, op, from, mid), foldInt(a, op, mid, to));
  }

  private static long foldLong(long[] a, int op, int from, int to) {
    if (to - from == 1) {
      return a[from];
    }
    int mid = (from + to) >>> 1;
    return combine(op, foldLong(a, op, from, mid), foldLong(a, op, mid, to));
  }

  private static float foldFloat(float[] a, int op, int from, int to) {
    if (to - from == 1) {
      return a[from];
    }
    int mid = (from + to) >>> 1;
    return combine(op, foldFloat(a, op, from, mid), foldFloat(a, op, mid, to));
  }

  private static double foldDouble(double[] a, int op, int from, int to) {
    if (to - from == 1) {
      return a[from];
    }
    int mid = (from + to) >>> 1;
    return combine(op, foldDouble(a, op, from, mid), foldDouble(a, op, mid, to));
  }

  static int combine(int op, int a, int b) {
    switch (op) {
      case OpCode.SUM:
        return a + b;
      case OpCode.PROD:
        return a * b;
      case OpCode.MIN:
        return Math.min(a, b);
      case OpCode.MAX:
        return Math.max(a, b);
      case OpCode.AND:
        return a & b;
      case OpCode.OR:
        return a | b;
      default:
        return a ^ b;
    }
  }

  static long combine(int op, long a, long b) {
    switch (op) {
      case OpCode.SUM:
        return a + b;
      case OpCode.PROD:
        return a * b;
      case OpCode.MIN:
        return Math.min(a, b);
      case OpCode.MAX:
        return Math.max(a, b);
      case OpCode.AND:
        return a & b;
      case OpCode.OR:
        return a | b;
      default:
        return a ^ b;
    }
  }

  static float combine(int op, float a, float b) {
    switch (op) {
      case OpCode.SUM:
        return a + b;
      case OpCode.PROD:
        return a * b;
      case OpCode.MIN:
        return Math.min(a, b);
      default:
        return Math.max(a, b);
    }
  }

  static double combine(int op, double a, double b) {
    switch (op) {
      case OpCode.SUM:
        return a + b;
      case OpCode.PROD:
        return a * b;
      case OpCode.MIN:
        return Math.min(a, b);
      default:
        return Math.max(a, b);
    }
  }
}
