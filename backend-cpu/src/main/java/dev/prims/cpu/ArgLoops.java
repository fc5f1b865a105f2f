package dev.prims.cpu;

/**
 * Arg-min and arg-max loops over {@code [from, to)} in the order of {@link dev.prims.spi.ArgOrder}:
 * one plain comparison per element, as a hand-written loop would do (a later element wins only when
 * strictly more extreme, so the first of equal values stays), with the two cases the comparison
 * cannot see handled apart: the first NaN ends the search (it wins under both operators), and when
 * the extreme is a zero the chunk is searched again for the first zero of the right sign ({@code
 * -0.0} ranks below {@code +0.0}).
 */
final class ArgLoops {
  private ArgLoops() {}

  static int argMin(int[] a, int from, int to) {
    int best = a[from];
    int at = from;
    for (int i = from + 1; i < to; i++) {
      if (a[i] < best) {
        best = a[i];
        at = i;
      }
    }
    return at;
  }

  static int argMax(int[] a, int from, int to) {
    int best = a[from];
    int at = from;
    for (int i = from + 1; i < to; i++) {
      if (a[i] > best) {
        best = a[i];
        at = i;
      }
    }
    return at;
  }

  static int argMin(long[] a, int from, int to) {
    long best = a[from];
    int at = from;
    for (int i = from + 1; i < to; i++) {
      if (a[i] < best) {
        best = a[i];
        at = i;
      }
    }
    return at;
  }

  static int argMax(long[] a, int from, int to) {
    long best = a[from];
    int at = from;
    for (int i = from + 1; i < to; i++) {
      if (a[i] > best) {
        best = a[i];
        at = i;
      }
    }
    return at;
  }

  static int arg(float[] a, int from, int to, boolean min) {
    float best = a[from];
    int at = from;
    if (best != best) {
      return at;
    }
    if (min) {
      for (int i = from + 1; i < to; i++) {
        float x = a[i];
        if (!(x >= best)) {
          if (x != x) {
            return i;
          }
          best = x;
          at = i;
        }
      }
    } else {
      for (int i = from + 1; i < to; i++) {
        float x = a[i];
        if (!(x <= best)) {
          if (x != x) {
            return i;
          }
          best = x;
          at = i;
        }
      }
    }
    if (best == 0) {
      int want = min ? 0x80000000 : 0;
      for (int i = at; i < to; i++) {
        if (Float.floatToRawIntBits(a[i]) == want) {
          return i;
        }
      }
    }
    return at;
  }

  static int arg(double[] a, int from, int to, boolean min) {
    double best = a[from];
    int at = from;
    if (best != best) {
      return at;
    }
    if (min) {
      for (int i = from + 1; i < to; i++) {
        double x = a[i];
        if (!(x >= best)) {
          if (x != x) {
            return i;
          }
          best = x;
          at = i;
        }
      }
    } else {
      for (int i = from + 1; i < to; i++) {
        double x = a[i];
        if (!(x <= best)) {
          if (x != x) {
            return i;
          }
          best = x;
          at = i;
        }
      }
    }
    if (best == 0) {
      long want = min ? 0x8000000000000000L : 0L;
      for (int i = at; i < to; i++) {
        if (Double.doubleToRawLongBits(a[i]) == want) {
          return i;
        }
      }
    }
    return at;
  }
}
