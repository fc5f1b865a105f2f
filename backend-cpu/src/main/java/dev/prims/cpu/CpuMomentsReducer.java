package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.spi.CallContext;
import dev.prims.spi.MomentsReducer;
import dev.prims.spi.MomentsState;

/**
 * Blocked moments: each chunk's state from {@link MomentsLoops} in parallel, merged in index order
 * (so the same bits for any thread count).
 */
record CpuMomentsReducer(CpuParallel parallel) implements MomentsReducer {
  static final String BLOCKED = "blocked-moments";

  @Override
  public MomentsState moments(DeviceBuffer input, CallContext call) {
    call.usedVariant(BLOCKED);
    MomentsState total = MomentsState.empty();
    for (MomentsState part : CpuChunkWalk.map(parallel, CpuBuffer.of(input), MomentsLoops::chunk)) {
      total = total.plus(part);
    }
    return total;
  }
}
