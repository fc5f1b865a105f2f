package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.ArgOrder;
import dev.prims.spi.ArgReducer;
import dev.prims.spi.CallContext;
import dev.prims.spi.IndexedValue;

/**
 * Arg-min/max over all devices: each finds its shard's extreme; indices shift by the shard's start
 * and the best wins, the first on ties (shards are in index order).
 */
final class MultiDeviceArgReducer implements ArgReducer {
  private final MultiDeviceBackend owner;

  MultiDeviceArgReducer(MultiDeviceBackend owner) {
    this.owner = owner;
  }

  @Override
  public IndexedValue argReduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    ShardedBuffer values = owner.sharded(input);
    IndexedValue best = null;
    for (IndexedValue v :
        owner.onShards(
            values.layout(),
            call,
            (i, c) -> {
              IndexedValue own = owner.member(i).argReducer().argReduce(values.shard(i), op, c);
              return new IndexedValue(own.value(), own.index() + values.layout().start(i));
            })) {
      best = ArgOrder.better(best, v, op);
    }
    return best;
  }
}
