package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
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
  public Selection select(BufferManager buffers, ArraySelect select, CallContext call) {
    Selection s = first.select(owner.member(0).buffers(), select, call);
    owner.record(call, 1, null);
    return s;
  }

  @Override
  public long select(BufferSelect select, CallContext call) {
    Backend device = owner.member(0);
    ShardedBuffers buffers = owner.shardedBuffers();
    DeviceBuffer out = select.out();
    long kept;
    try (DeviceBuffer v = buffers.gather(device, owner.sharded(select.values()));
        DeviceBuffer f =
            select.flags() == null ? null : buffers.gather(device, owner.sharded(select.flags()));
        DeviceBuffer o = device.buffers().allocate(out.type(), out.length())) {
      kept = first.select(select.on(v, f, o), call);
      buffers.scatter(device, o, owner.sharded(out));
    }
    owner.record(call, 1, null);
    return kept;
  }

  @Override
  public void topK(BufferManager buffers, ArrayTopK topK, CallContext call) {
    first.topK(owner.member(0).buffers(), topK, call);
    owner.record(call, 1, null);
  }

  @Override
  public void topK(BufferTopK topK, CallContext call) {
    Backend device = owner.member(0);
    ShardedBuffers buffers = owner.shardedBuffers();
    DeviceBuffer valuesOut = topK.valuesOut();
    DeviceBuffer indicesOut = topK.indicesOut();
    try (DeviceBuffer v = buffers.gather(device, owner.sharded(topK.values()));
        DeviceBuffer vo = device.buffers().allocate(valuesOut.type(), topK.k());
        DeviceBuffer io = device.buffers().allocate(indicesOut.type(), topK.k())) {
      first.topK(topK.on(v, vo, io), call);
      buffers.scatter(device, vo, owner.sharded(valuesOut));
      buffers.scatter(device, io, owner.sharded(indicesOut));
    }
    owner.record(call, 1, null);
  }
}
