package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.TopKOrder;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.Selector;

/**
 * Select and top-k on a multi-device engine: host arrays run on the first device's backend; buffers
 * are gathered on the first device through the host, computed there and the results written back
 * into their shards. Correct on any backend; it uses one device.
 */
final class GatheringSelector implements Selector {
  private final MultiDeviceBackend owner;
  private final Selector first;

  GatheringSelector(MultiDeviceBackend owner, Selector first) {
    this.owner = owner;
    this.first = first;
  }

  @Override
  public Selection select(
      BufferManager buffers,
      Object values,
      long[] program,
      int[] flags,
      boolean partition,
      CallContext call) {
    Selection s = first.select(owner.member(0).buffers(), values, program, flags, partition, call);
    owner.record(call, 1, null);
    return s;
  }

  @Override
  public long select(
      DeviceBuffer values,
      long[] program,
      DeviceBuffer flags,
      DeviceBuffer out,
      boolean partition,
      CallContext call) {
    Backend device = owner.member(0);
    ShardedBuffers buffers = owner.shardedBuffers();
    long kept;
    try (DeviceBuffer v = buffers.gather(device, owner.sharded(values));
        DeviceBuffer f = flags == null ? null : buffers.gather(device, owner.sharded(flags));
        DeviceBuffer o = device.buffers().allocate(out.type(), out.length())) {
      kept = first.select(v, program, f, o, partition, call);
      buffers.scatter(device, o, owner.sharded(out));
    }
    owner.record(call, 1, null);
    return kept;
  }

  @Override
  public void topK(
      BufferManager buffers,
      Object values,
      int k,
      TopKOrder order,
      Object valuesOut,
      int[] indicesOut,
      CallContext call) {
    first.topK(owner.member(0).buffers(), values, k, order, valuesOut, indicesOut, call);
    owner.record(call, 1, null);
  }

  @Override
  public void topK(
      DeviceBuffer values,
      int k,
      TopKOrder order,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      CallContext call) {
    Backend device = owner.member(0);
    ShardedBuffers buffers = owner.shardedBuffers();
    try (DeviceBuffer v = buffers.gather(device, owner.sharded(values));
        DeviceBuffer vo = device.buffers().allocate(valuesOut.type(), k);
        DeviceBuffer io = device.buffers().allocate(indicesOut.type(), k)) {
      first.topK(v, k, order, vo, io, call);
      buffers.scatter(device, vo, owner.sharded(valuesOut));
      buffers.scatter(device, io, owner.sharded(indicesOut));
    }
    owner.record(call, 1, null);
  }
}
