package dev.prims.cpu;

/**
 * The runs of equal adjacent keys, in two parallel passes over ranges of about {@link
 * CpuPolicy#REDUCE_CHUNK} keys: count the run starts of each range ({@link
 * CpuSelector#keptStarts}), then write each start's key and position from the range's first run
 * index on.
 */
record CpuRuns(CpuParallel parallel) {
  /**
   * Writes the key and start of every run of {@code keys[0..n)} (int[] or long[], n > 0) to {@code
   * uniqueKeys} and {@code offsets} (int[] or long[]), then n after the last start; returns the run
   * count.
   */
  long find(Object keys, int n, Object uniqueKeys, Object offsets) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.REDUCE_CHUNK);
    int[] starts = CpuSelector.keptStarts(parallel, i -> isStart(keys, i), n, chunks);
    parallel.forEachRange(
        n,
        chunks,
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
