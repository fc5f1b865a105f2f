package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;

/**
 * Dot over all devices: both inputs share one layout (same length), so each device multiplies the
 * shards it holds; the partial sums add in device order.
 */
record MultiDeviceDot(MultiDeviceBackend owner) implements DotProduct {
  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    ShardedBuffer left = owner.sharded(a);
    ShardedBuffer right = owner.sharded(b);
    return Partials.fold(
        ReduceOp.SUM,
        a.type(),
        owner.onShards(
            left.layout(),
            call,
            (i, c) -> owner.member(i).dot().dot(left.shard(i), right.shard(i), c)));
  }
}
