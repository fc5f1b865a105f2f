package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import dev.prims.spi.CallContext;
import dev.prims.spi.Histogrammer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Per-worker histogram: the input is cut into one contiguous range per worker, each counted into
 * its own private int counts by {@link HistogramLoops}, then the private counts are summed into the
 * long result. The out-of-range count is the input length minus the counted total.
 */
final class CpuHistogrammer implements Histogrammer {
  static final String PER_WORKER = "per-worker";

  private final CpuParallel parallel;

  CpuHistogrammer(CpuParallel parallel) {
    this.parallel = parallel;
  }

  @Override
  public long histogram(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    Object values = CpuBuffer.arrayOf(input);
    Object target = CpuBuffer.arrayOf(counts);
    int bins = spec.bins();
    if (counts.type() != DType.LONG || counts.length() != bins) {
      throw new IllegalArgumentException(
          "histogram counts must be long["
              + bins
              + "], got "
              + counts.type().id()
              + "["
              + counts.length()
              + "]");
    }
    spec.requireCompatible(input.type());
    call.usedVariant(PER_WORKER);
    int n = (int) input.length();
    int chunks = CpuPolicy.chunks(n, CpuPolicy.HISTOGRAM_CHUNK);
    int workers = Math.max(1, Math.min(parallel.threads(), chunks));
    int[][] privateCounts = new int[workers][];
    EvenBins even = spec.isEven() ? EvenBins.of(spec, input.type()) : null;
    AtomicInteger next = new AtomicInteger();
    parallel.forEachChunk(
        workers,
        w -> {
          int[] mine = new int[bins];
          for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
            int from = c * CpuPolicy.HISTOGRAM_CHUNK;
            int to = (int) Math.min(n, (long) from + CpuPolicy.HISTOGRAM_CHUNK);
            switch (input.type()) {
              case INT:
                HistogramLoops.keys((int[]) values, from, to, mine);
                break;
              case LONG:
                HistogramLoops.keys((long[]) values, from, to, mine);
                break;
              case FLOAT:
                HistogramLoops.even((float[]) values, from, to, even, mine);
                break;
              default:
                HistogramLoops.even((double[]) values, from, to, even, mine);
            }
          }
          privateCounts[w] = mine;
        });
    long[] result = (long[]) target;
    long total = 0;
    for (int b = 0; b < bins; b++) {
      long sum = 0;
      for (int[] mine : privateCounts) {
        sum += mine[b];
      }
      result[b] = sum;
      total += sum;
    }
    return n - total;
  }
}
