package dev.prims.cpu;

/**
 * The runs of equal adjacent keys, in two parallel passes over chunks of {@link
 * CpuPolicy#REDUCE_CHUNK} keys: count the run starts of each chunk, then write each start's key and
 * position from the chunk's first run index on.
 */
final class CpuRuns {
  private final CpuParallel parallel;

  CpuRuns(CpuParallel parallel) {
    this.parallel = parallel;
  }

  /**
   * Writes the key and start of every run of {@code keys[0..n)} (int[] or long[], n > 0) to {@code
   * uniqueKeys} and {@code offsets} (int[] or long[]), then n after the last start; returns the run
   * count.
   */
  long find(Object keys, int n, Object uniqueKeys, Object offsets) {
    int size = CpuPolicy.REDUCE_CHUNK;
    int chunks = CpuPolicy.chunks(n, size);
    int[] starts = new int[chunks + 1];
    parallel.forEachSlice(
        n,
        size,
        (c, from, to) -> {
          int count = 0;
          for (int i = from; i < to; i++) {
            count += isStart(keys, i) ? 1 : 0;
          }
          starts[c + 1] = count;
        });
    for (int c = 0; c < chunks; c++) {
      starts[c + 1] += starts[c];
    }
    parallel.forEachSlice(
        n,
        size,
        (c, from, to) -> {
          int r = starts[c];
          for (int i = from; i < to; i++) {
            if (isStart(keys, i)) {
              copyKey(keys, i, uniqueKeys, r);
              setOffset(offsets, r, i);
              r++;
            }
          }
        });
    int runs = starts[chunks];
    setOffset(offsets, runs, n);
    return runs;
  }

  private static boolean isStart(Object keys, int i) {
    if (keys instanceof int[] k) {
      return i == 0 || k[i] != k[i - 1];
    }
    long[] k = (long[]) keys;
    return i == 0 || k[i] != k[i - 1];
  }

  private static void copyKey(Object keys, int i, Object uniqueKeys, int r) {
    if (keys instanceof int[] k) {
      ((int[]) uniqueKeys)[r] = k[i];
    } else {
      ((long[]) uniqueKeys)[r] = ((long[]) keys)[i];
    }
  }

  private static void setOffset(Object offsets, int r, int value) {
    if (offsets instanceof int[] o) {
      o[r] = value;
    } else {
      ((long[]) offsets)[r] = value;
    }
  }
}
