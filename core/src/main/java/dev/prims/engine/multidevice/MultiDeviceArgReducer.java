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
record MultiDeviceArgReducer(MultiDeviceBackend owner) implements ArgReducer {
  @Override
  public IndexedValue argReduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    ShardedBuffer values = owner.sharded(input);
    List<IndexedValue> own =
        owner.onShards(
            values, call, (member, shard, c) -> member.argReducer().argReduce(shard, op, c));
    IndexedValue best = null;
    for (int i = 0; i < own.size(); i++) {
      IndexedValue v = own.get(i);
      best =
          ArgOrder.better(
              best, new IndexedValue(v.value(), v.index() + values.layout().start(i)), op);
    }
    return best;
  }
}
