package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import dev.prims.spi.CallContext;
import dev.prims.spi.Histogrammer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Per-worker histogram: the input is cut into one contiguous range per worker, each counted into
 * its own private int counts by {@link HistogramLoops}, then the private counts are summed into the
 * long result. The out-of-range count is the input length minus the counted total. Off-heap buffers
 * are counted window by window (see {@link CpuScratch}).
 */
record CpuHistogrammer(CpuParallel parallel) implements Histogrammer {
  static final String PER_WORKER = "per-worker";

  @Override
  public long histogram(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    int bins = spec.bins();
    Histogrammer.requireCounts(counts, bins);
    spec.requireCompatible(input.type());
    call.usedVariant(PER_WORKER);
    CpuBuffer in = CpuBuffer.of(input);
    long[] result = (long[]) CpuBuffer.outputArray(counts, bins);
    long counted = count(in, spec, result);
    CpuBuffer.storeBack(counts, result, bins);
    return input.length() - counted;
  }

  /**
   * Counts {@code input} into {@code result} and returns the counted total. Workers take chunks in
   * turn and read them in place from a heap array, or through per-thread windows from off-heap
   * memory; a worker may see more than 2^31 - 1 values, so it moves its int counts into long ones
   * before they could overflow.
   */
  private long count(CpuBuffer input, HistogramSpec spec, long[] result) {
    int bins = spec.bins();
    long n = input.length();
    int size = CpuPolicy.HISTOGRAM_CHUNK;
    int chunks = CpuPolicy.chunks(n, size);
    int workers = Math.max(1, Math.min(parallel.threads(), chunks));
    EvenBins even = spec.isEven() ? EvenBins.of(spec, input.type()) : null;
    Object array = input.onHeap() ? CpuBuffer.arrayOf(input) : null;
    if (chunks <= 1 && array != null) {
      // one chunk of a heap array: counted on this thread, straight into the result
      int[] mine = new int[bins];
      HistogramLoops.count(input.type(), array, 0, (int) n, even, mine);
      long counted = 0;
      for (int b = 0; b < bins; b++) {
        result[b] = mine[b];
        counted += mine[b];
      }
      return counted;
    }
    long[][] workerCounts = new long[workers][];
    AtomicInteger next = new AtomicInteger();
    parallel.forEachChunk(
        workers,
        w -> {
          int[] mine = new int[bins];
          long[] total = new long[bins];
          long pending = 0;
          for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
            int len = CpuPolicy.chunkLength(n, size, c);
            if (pending + len > Integer.MAX_VALUE) {
              moveInto(mine, total);
              pending = 0;
            }
            if (array != null) {
              int from = c * size;
              HistogramLoops.count(input.type(), array, from, from + len, even, mine);
            } else {
              Object window = CpuScratch.first(input.type(), len);
              input.load((long) c * size, window, 0, len);
              HistogramLoops.count(input.type(), window, 0, len, even, mine);
            }
            pending += len;
          }
          moveInto(mine, total);
          workerCounts[w] = total;
        });
    long counted = 0;
    for (int b = 0; b < bins; b++) {
      long sum = 0;
      for (long[] mine : workerCounts) {
        sum += mine[b];
      }
      result[b] = sum;
      counted += sum;
    }
    return counted;
  }

  private static void moveInto(int[] counts, long[] total) {
    for (int b = 0; b < counts.length; b++) {
      total[b] += counts[b];
      counts[b] = 0;
    }
  }
}
