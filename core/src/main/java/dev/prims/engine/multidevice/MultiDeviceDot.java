package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;
import java.util.List;

/**
 * Dot over all devices: both inputs share one layout (same length), so each device multiplies the
 * shards it holds; the partial sums add in device order.
 */
final class MultiDeviceDot implements DotProduct {
  private final MultiDeviceBackend owner;

  MultiDeviceDot(MultiDeviceBackend owner) {
    this.owner = owner;
  }

  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    ShardedBuffer left = owner.sharded(a);
    ShardedBuffer right = owner.sharded(b);
    int shards = left.layout().shards();
    CallContext[] calls = new CallContext[shards];
    List<Number> partials =
        owner
            .tasks()
            .map(
                shards,
                i -> {
                  calls[i] = MultiDeviceBackend.shardCall(call);
                  return owner.member(i).dot().dot(left.shard(i), right.shard(i), calls[i]);
                });
    owner.record(call, shards, calls[0]);
    Number result = partials.get(0);
    for (int i = 1; i < shards; i++) {
      result = Partials.combine(ReduceOp.SUM, a.type(), result, partials.get(i));
    }
    return result;
  }
}
