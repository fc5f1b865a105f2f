package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.ArgReducer;
import dev.prims.spi.CallContext;
import dev.prims.spi.IndexedValue;
import java.lang.reflect.Array;

/**
 * Blocked arg-min/arg-max: each chunk's first extreme element found by {@link ArgLoops} in
 * parallel, the chunks' winners then taken in index order (an earlier chunk keeps ties).
 */
record CpuArgReducer(CpuParallel parallel) implements ArgReducer {
  static final String BLOCKED = "blocked-arg";

  @Override
  public IndexedValue argReduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    call.usedVariant(BLOCKED);
    boolean min = op == ReduceOp.MIN;
    IndexedValue best = null;
    for (IndexedValue candidate :
        CpuChunkWalk.map(
            parallel,
            CpuBuffer.of(input),
            (array, from, to, first) -> chunkWinner(array, from, to, first, min))) {
      best = dev.prims.spi.ArgOrder.better(best, candidate, op);
    }
    return best;
  }

  static IndexedValue chunkWinner(Object array, int from, int to, long first, boolean min) {
    int i = ArgLoops.arg(array, from, to, min);
    return new IndexedValue((Number) Array.get(array, i), first + (i - from));
  }
}
