package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.ArgOrder;
import dev.prims.spi.ArgReducer;
import dev.prims.spi.CallContext;
import dev.prims.spi.IndexedValue;
import java.util.List;

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
    int shards = values.layout().shards();
    CallContext[] calls = new CallContext[shards];
    List<IndexedValue> partials =
        owner
            .tasks()
            .map(
                shards,
                i -> {
                  calls[i] = MultiDeviceBackend.shardCall(call);
                  IndexedValue v =
                      owner.member(i).argReducer().argReduce(values.shard(i), op, calls[i]);
                  return new IndexedValue(v.value(), v.index() + values.layout().start(i));
                });
    owner.record(call, shards, calls[0]);
    IndexedValue best = null;
    for (IndexedValue v : partials) {
      best = ArgOrder.better(best, v, op);
    }
    return best;
  }
}
