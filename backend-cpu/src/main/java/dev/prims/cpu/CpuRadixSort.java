package dev.prims.cpu;

/**
 * Parallel LSD radix sort of radix bits ({@code int[]} or {@code long[]}, see {@link RadixLoops}),
 * 8-bit digits, stable: each chunk of the input counts its digits, a scan over (digit, chunk)
 * counts gives every chunk its first slot per digit, and each chunk scatters its keys (and values)
 * in order. Sorting by the whole key, one counting pass over the input finds the digits that all
 * keys share; their passes are skipped, and it serves as the histogram of the first pass that
 * remains. Sorting by a part of the key's bits counts each pass on its own (skipped as well when
 * its digit is the same in every key); the last digit of the part may be narrower than 8 bits.
 */
record CpuRadixSort(CpuParallel parallel) {
  /** Keys per chunk below which fewer chunks than workers are used. */
  private static final int MIN_CHUNK = 1 << 14;

  /**
   * Sorts {@code bits[0, n)} by their unsigned value in bits {@code [beginBit, endBit)}, {@code
   * values} (null, int[] or long[]) beside them; {@code bitsTmp} and {@code valuesTmp} are scratch
   * of the same types, at least n long (so may the others be). Returns true when the result lies in
   * {@code bits}/{@code values}, false when in the scratch arrays.
   */
  boolean sort(
      Object bits,
      Object bitsTmp,
      Object values,
      Object valuesTmp,
      int n,
      int beginBit,
      int endBit) {
    int width = bits instanceof int[] ? Integer.SIZE : Long.SIZE;
    boolean wholeKey = beginBit == 0 && endBit == width;
    int chunks = chunks(n);
    int radix = RadixLoops.RADIX;
    // every digit of the whole key counted in one read; a part of the key counts pass by pass
    int[][] all = wholeKey ? new int[chunks][width / RadixLoops.DIGIT_BITS * radix] : null;
    if (wholeKey) {
      parallel.forEachRange(
          n, chunks, (c, from, to) -> RadixLoops.countAll(bits, from, to, all[c]));
    }
    Object src = bits;
    Object dst = bitsTmp;
    Object vsrc = values;
    Object vdst = valuesTmp;
    boolean inPlace = true;
    boolean first = true;
    int[][] counts = new int[chunks][radix];
    for (int shift = beginBit; shift < endBit; shift += RadixLoops.DIGIT_BITS) {
      int p = shift / RadixLoops.DIGIT_BITS;
      int mask = (1 << Math.min(RadixLoops.DIGIT_BITS, endBit - shift)) - 1;
      if (wholeKey && constantDigit(all, p, n)) {
        continue;
      }
      if (wholeKey && first) {
        for (int c = 0; c < chunks; c++) {
          System.arraycopy(all[c], p * radix, counts[c], 0, radix);
        }
      } else {
        Object keys = src;
        int at = shift;
        parallel.forEachRange(
            n,
            chunks,
            (c, from, to) -> {
              java.util.Arrays.fill(counts[c], 0);
              RadixLoops.count(keys, from, to, at, mask, counts[c]);
            });
        if (!wholeKey && constantDigit(counts, 0, n)) {
          continue;
        }
      }
      first = false;
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
      int digitAt = shift;
      parallel.forEachRange(
          n,
          chunks,
          (c, from, to) -> RadixLoops.scatter(s, t, vs, vt, from, to, digitAt, mask, counts[c]));
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

  /** Chunks of a pass over {@code n} keys: one per worker, none shorter than 2^14 keys. */
  int chunks(int n) {
    return parallel.ranges(n, 1, MIN_CHUNK);
  }
}
