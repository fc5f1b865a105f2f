package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.CallContext;
import dev.prims.spi.MomentsReducer;
import dev.prims.spi.MomentsState;

/**
 * One-pass moments ({@code per-item}): one launch writes each work-item's sums, and the host merges
 * them: shifted sums with Chan's formula ({@link MomentsState#plus}), integer words by addition (a
 * Java array holds fewer than 2^31 elements, so the words' totals fit in a long).
 */
record AparapiMomentsReducer(DriverContext context) implements MomentsReducer {
  /** The one variant. */
  static final String PER_ITEM = "per-item";

  @Override
  public MomentsState moments(DeviceBuffer input, CallContext call) {
    AparapiBuffer in = context.buffers().own(input);
    DType type = in.type();
    int n = in.size();
    call.usedVariant(PER_ITEM);
    return context.perItem(
        context.kernels().moments(type),
        MomentsKernel.class,
        in,
        call,
        kernel -> kernel.bind(in.array(), n),
        (kernel, items) -> {
          Object sums = kernel.sums(items);
          int[] counts = kernel.counts();
          if (type.isFloating()) {
            double[] s = (double[]) sums;
            MomentsState total = MomentsState.empty();
            for (int i = 0; i < items; i++) {
              total =
                  total.plus(
                      MomentsState.ofShiftedSums(counts[i], s[4 * i], s[4 * i + 1], s[4 * i + 2]));
            }
            return total;
          }
          long[] w = (long[]) sums;
          long[] words = new long[8];
          for (int i = 0; i < items; i++) {
            for (int j = 0; j < 8; j++) {
              words[j] += w[8 * i + j];
            }
          }
          return MomentsState.ofIntegerSums(n, words);
        });
  }
}
