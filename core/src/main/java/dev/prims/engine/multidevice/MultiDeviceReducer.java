package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.Reducer;
import java.util.List;

/** Reduce over all devices: each reduces its shard, the partials combine in device order. */
final class MultiDeviceReducer implements Reducer {
  private final MultiDeviceBackend owner;

  MultiDeviceReducer(MultiDeviceBackend owner) {
    this.owner = owner;
  }

  @Override
  public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    ShardedBuffer sharded = owner.sharded(input);
    List<Number> partials = partials(sharded, op, call);
    Number result = partials.get(0);
    for (int i = 1; i < partials.size(); i++) {
      result = Partials.combine(op, input.type(), result, partials.get(i));
    }
    return result;
  }

  /** Each shard's own reduction, in device order (a scan's shard totals). */
  List<Number> partials(ShardedBuffer input, ReduceOp op, CallContext call) {
    int shards = input.layout().shards();
    CallContext[] calls = new CallContext[shards];
    List<Number> partials =
        owner
            .tasks()
            .map(
                shards,
                i -> {
                  calls[i] = MultiDeviceBackend.shardCall(call);
                  return owner.member(i).reducer().reduce(input.shard(i), op, calls[i]);
                });
    owner.record(call, shards, calls[0]);
    return partials;
  }
}
