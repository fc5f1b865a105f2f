package dev.prims.cpu;

/**
 * Arg-max loops over {@code [from, to)} on the keys of {@link dev.prims.spi.ArgOrder}, each key
 * XORed with {@code flip} (0 for MAX, all ones for MIN, which reverses the order; NaN keys are the
 * largest either way). A first pass finds the greatest key with eight independent accumulators, a
 * second (over the same chunk, now in cache) the first index holding it.
 */
final class ArgLoops {
  private ArgLoops() {}

  /** The flip of {@code ReduceOp} MIN ({@code min == true}) or MAX. */
  static long flip(boolean min) {
    return min ? -1L : 0L;
  }

  static int floatKey(float x, int flip) {
    int k = Float.floatToRawIntBits(x);
    return x != x ? Integer.MAX_VALUE : k ^ ((k >> 31) & 0x7fffffff) ^ flip;
  }

  static long doubleKey(double x, long flip) {
    long k = Double.doubleToRawLongBits(x);
    return x != x ? Long.MAX_VALUE : k ^ ((k >> 63) & 0x7fffffffffffffffL) ^ flip;
  }

  static int argMax(int[] a, int from, int to, int flip) {
    int m0 = Integer.MIN_VALUE;
    int m1 = Integer.MIN_VALUE;
    int m2 = Integer.MIN_VALUE;
    int m3 = Integer.MIN_VALUE;
    int i = from;
    for (; i <= to - 4; i += 4) {
      m0 = Math.max(m0, a[i] ^ flip);
      m1 = Math.max(m1, a[i + 1] ^ flip);
      m2 = Math.max(m2, a[i + 2] ^ flip);
      m3 = Math.max(m3, a[i + 3] ^ flip);
    }
    for (; i < to; i++) {
      m0 = Math.max(m0, a[i] ^ flip);
    }
    int best = Math.max(Math.max(m0, m1), Math.max(m2, m3));
    for (i = from; (a[i] ^ flip) != best; i++) {}
    return i;
  }

  static int argMax(long[] a, int from, int to, long flip) {
    long m0 = Long.MIN_VALUE;
    long m1 = Long.MIN_VALUE;
    long m2 = Long.MIN_VALUE;
    long m3 = Long.MIN_VALUE;
    int i = from;
    for (; i <= to - 4; i += 4) {
      m0 = Math.max(m0, a[i] ^ flip);
      m1 = Math.max(m1, a[i + 1] ^ flip);
      m2 = Math.max(m2, a[i + 2] ^ flip);
      m3 = Math.max(m3, a[i + 3] ^ flip);
    }
    for (; i < to; i++) {
      m0 = Math.max(m0, a[i] ^ flip);
    }
    long best = Math.max(Math.max(m0, m1), Math.max(m2, m3));
    for (i = from; (a[i] ^ flip) != best; i++) {}
    return i;
  }

  static int argMax(float[] a, int from, int to, int flip) {
    int m0 = Integer.MIN_VALUE;
    int m1 = Integer.MIN_VALUE;
    int m2 = Integer.MIN_VALUE;
    int m3 = Integer.MIN_VALUE;
    int i = from;
    for (; i <= to - 4; i += 4) {
      m0 = Math.max(m0, floatKey(a[i], flip));
      m1 = Math.max(m1, floatKey(a[i + 1], flip));
      m2 = Math.max(m2, floatKey(a[i + 2], flip));
      m3 = Math.max(m3, floatKey(a[i + 3], flip));
    }
    for (; i < to; i++) {
      m0 = Math.max(m0, floatKey(a[i], flip));
    }
    int best = Math.max(Math.max(m0, m1), Math.max(m2, m3));
    for (i = from; floatKey(a[i], flip) != best; i++) {}
    return i;
  }

  static int argMax(double[] a, int from, int to, long flip) {
    long m0 = Long.MIN_VALUE;
    long m1 = Long.MIN_VALUE;
    long m2 = Long.MIN_VALUE;
    long m3 = Long.MIN_VALUE;
    int i = from;
    for (; i <= to - 4; i += 4) {
      m0 = Math.max(m0, doubleKey(a[i], flip));
      m1 = Math.max(m1, doubleKey(a[i + 1], flip));
      m2 = Math.max(m2, doubleKey(a[i + 2], flip));
      m3 = Math.max(m3, doubleKey(a[i + 3], flip));
    }
    for (; i < to; i++) {
      m0 = Math.max(m0, doubleKey(a[i], flip));
    }
    long best = Math.max(Math.max(m0, m1), Math.max(m2, m3));
    for (i = from; doubleKey(a[i], flip) != best; i++) {}
    return i;
  }
}
