package dev.prims.cpu;

/**
 * Parallel LSD radix sort of radix bits ({@code int[]} or {@code long[]}, see {@link RadixLoops}),
 * 8-bit digits, stable: each chunk of the input counts its digits, a scan over (digit, chunk)
 * counts gives every chunk its first slot per digit, and each chunk scatters its keys (and values)
 * in order. One counting pass over the input finds the digits that all keys share; their passes are
 * skipped, and it serves as the histogram of the first pass that remains.
 */
final class CpuRadixSort {
  /** Keys per chunk below which fewer chunks than workers are used. */
  private static final int MIN_CHUNK = 1 << 14;

  private final CpuParallel parallel;

  CpuRadixSort(CpuParallel parallel) {
    this.parallel = parallel;
  }

  /**
   * Sorts {@code bits} by their unsigned value, {@code values} (null, int[] or long[]) beside them;
   * {@code bitsTmp} and {@code valuesTmp} are scratch of the same types and lengths. Returns true
   * when the result lies in {@code bits}/{@code values}, false when in the scratch arrays.
   */
  boolean sort(Object bits, Object bitsTmp, Object values, Object valuesTmp) {
    int n = java.lang.reflect.Array.getLength(bits);
    int passes =
        bits instanceof int[]
            ? Integer.SIZE / RadixLoops.DIGIT_BITS
            : Long.SIZE / RadixLoops.DIGIT_BITS;
    int chunks = Math.max(1, Math.min(parallel.threads(), n / MIN_CHUNK));
    int radix = RadixLoops.RADIX;
    int[][] all = new int[chunks][passes * radix];
    parallel.forEachChunk(
        chunks, c -> countAll(bits, lo(c, chunks, n), lo(c + 1, chunks, n), all[c]));
    Object src = bits;
    Object dst = bitsTmp;
    Object vsrc = values;
    Object vdst = valuesTmp;
    boolean inPlace = true;
    boolean first = true;
    int[][] counts = new int[chunks][radix];
    for (int p = 0; p < passes; p++) {
      if (constantDigit(all, p, n)) {
        continue;
      }
      int shift = p * RadixLoops.DIGIT_BITS;
      if (first) {
        for (int c = 0; c < chunks; c++) {
          System.arraycopy(all[c], p * radix, counts[c], 0, radix);
        }
        first = false;
      } else {
        Object from = src;
        parallel.forEachChunk(
            chunks,
            c -> {
              java.util.Arrays.fill(counts[c], 0);
              count(from, lo(c, chunks, n), lo(c + 1, chunks, n), shift, counts[c]);
            });
      }
      int at = 0;
      for (int d = 0; d < radix; d++) {
        for (int c = 0; c < chunks; c++) {
          int k = counts[c][d];
          counts[c][d] = at;
          at += k;
        }
      }
      Object s = src;
      Object t = dst;
      Object vs = vsrc;
      Object vt = vdst;
      parallel.forEachChunk(
          chunks,
          c -> scatter(s, t, vs, vt, lo(c, chunks, n), lo(c + 1, chunks, n), shift, counts[c]));
      src = t;
      dst = s;
      vsrc = vt;
      vdst = vs;
      inPlace = !inPlace;
    }
    return inPlace;
  }

  /** Whether every key has the same digit in pass {@code p}. */
  private static boolean constantDigit(int[][] all, int p, int n) {
    int radix = RadixLoops.RADIX;
    for (int d = 0; d < radix; d++) {
      long total = 0;
      for (int[] chunk : all) {
        total += chunk[p * radix + d];
      }
      if (total != 0) {
        return total == n;
      }
    }
    return true;
  }

  static int lo(int chunk, int chunks, int n) {
    return (int) ((long) chunk * n / chunks);
  }

  private static void countAll(Object bits, int from, int to, int[] counts) {
    if (bits instanceof int[] a) {
      RadixLoops.countAll(a, from, to, counts);
    } else {
      RadixLoops.countAll((long[]) bits, from, to, counts);
    }
  }

  private static void count(Object bits, int from, int to, int shift, int[] counts) {
    if (bits instanceof int[] a) {
      RadixLoops.count(a, from, to, shift, counts);
    } else {
      RadixLoops.count((long[]) bits, from, to, shift, counts);
    }
  }

  private static void scatter(
      Object src, Object dst, Object vs, Object vt, int from, int to, int shift, int[] next) {
    if (src instanceof int[] a) {
      RadixLoops.scatter(a, (int[]) dst, vs, vt, from, to, shift, next);
    } else {
      RadixLoops.scatter((long[]) src, (long[]) dst, vs, vt, from, to, shift, next);
    }
  }
}
