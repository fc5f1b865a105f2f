package dev.prims.spi;

import dev.prims.DeviceBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * Count, mean and sum of squared deviations in one pass, in fast mode (the engine computes
 * reproducible floating moments from {@link FoldKernels}). Integer inputs give {@link
 * MomentsState#ofIntegerSums exact sums}, floating inputs {@link MomentsState#ofShiftedSums shifted
 * sums} per block merged with {@link MomentsState#plus}. The input is not empty.
 */
public interface MomentsReducer {
  /** The moments of every element of {@code input}. */
  MomentsState moments(DeviceBuffer input, CallContext call);

  /**
   * {@link #moments(DeviceBuffer, CallContext)} without waiting for the device (see {@link
   * Reducer#reduceAsync}). The default runs the synchronous call.
   */
  default CompletableFuture<MomentsState> momentsAsync(DeviceBuffer input, CallContext call) {
    return CompletableFuture.completedFuture(moments(input, call));
  }

  /** Moments of a host array; the default uploads it first. */
  default MomentsState moments(BufferManager buffers, Object array, CallContext call) {
    try (DeviceBuffer input = buffers.wrap(array)) {
      return moments(input, call);
    }
  }
}
