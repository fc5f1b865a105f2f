package dev.prims.conformance.seq;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.ArgOrder;
import dev.prims.spi.ArgReducer;
import dev.prims.spi.CallContext;
import dev.prims.spi.IndexedValue;
import dev.prims.spi.MomentsReducer;
import dev.prims.spi.MomentsState;
import java.lang.reflect.Array;

/**
 * Arg-reduce and moments of the sequential test backend: one left-to-right loop each, arg-reduce
 * through {@link ArgOrder}, floating moments by Welford's update per element (a different order
 * from any blocked backend, so the suite's tolerances are exercised), integer moments by the exact
 * words of {@link MomentsState#accumulate}.
 */
final class SequentialArgAndMoments implements ArgReducer, MomentsReducer {
  @Override
  public IndexedValue argReduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    Object a = HeapBuffer.array(input);
    IndexedValue best = null;
    for (int i = 0; i < Array.getLength(a); i++) {
      best = ArgOrder.better(best, new IndexedValue((Number) Array.get(a, i), i), op);
    }
    return best;
  }

  @Override
  public MomentsState moments(DeviceBuffer input, CallContext call) {
    Object a = HeapBuffer.array(input);
    int n = Array.getLength(a);
    if (!input.type().isFloating()) {
      long[] words = new long[8];
      for (int i = 0; i < n; i++) {
        MomentsState.accumulate(((Number) Array.get(a, i)).longValue(), words);
      }
      return MomentsState.ofIntegerSums(n, words);
    }
    double mean = 0;
    double m2 = 0;
    for (int i = 0; i < n; i++) {
      double x = ((Number) Array.get(a, i)).doubleValue();
      double delta = x - mean;
      mean += delta / (i + 1);
      m2 += delta * (x - mean);
    }
    return MomentsState.ofDeviations(n, mean, m2);
  }
}
