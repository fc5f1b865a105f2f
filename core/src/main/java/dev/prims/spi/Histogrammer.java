package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import java.util.concurrent.CompletableFuture;

/**
 * Histogram: counts integer keys or even floating bins (see {@link dev.prims.EvenBins} for the one
 * bin formula). The engine has already checked that the spec suits the input type.
 */
public interface Histogrammer {
  /**
   * Counts {@code input} into {@code counts} (a {@code LONG} buffer of {@code spec.bins()}
   * elements, overwritten) and returns how many values fell outside every bin.
   */
  long histogram(DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call);

  /**
   * {@link #histogram(DeviceBuffer, HistogramSpec, DeviceBuffer, CallContext)} without waiting for
   * the device (see {@link Reducer#reduceAsync}): the future completes with the out-of-range count
   * when {@code counts} holds the histogram. The default runs the synchronous call.
   */
  default CompletableFuture<Long> histogramAsync(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    return CompletableFuture.completedFuture(histogram(input, spec, counts, call));
  }

  /**
   * Checks that {@code counts} can take a histogram of {@code bins} bins: a {@code LONG} buffer of
   * at least that many elements.
   *
   * @throws IllegalArgumentException naming its type and length otherwise
   */
  static void requireCounts(DeviceBuffer counts, int bins) {
    if (counts.type() != DType.LONG || counts.length() < bins) {
      throw new IllegalArgumentException(
          "histogram counts must be a long buffer of at least "
              + bins
              + " elements, got "
              + counts.type().id()
              + " with "
              + counts.length());
    }
  }

  /** Counts a host array; the default goes through buffers. Returns the out-of-range count. */
  default long histogram(
      BufferManager buffers, Object array, HistogramSpec spec, long[] counts, CallContext call) {
    try (DeviceBuffer input = buffers.wrap(array);
        DeviceBuffer output = buffers.outputFor(counts)) {
      long outOfRange = histogram(input, spec, output, call);
      buffers.download(output, counts);
      return outOfRange;
    }
  }
}
