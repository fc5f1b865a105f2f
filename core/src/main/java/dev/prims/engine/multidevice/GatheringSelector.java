package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.Selector;

/**
 * Select and top-k on a multi-device engine: host arrays run on the first device's backend; buffers
 * are gathered on the first device through the host, computed there and the results written back
 * into their shards. Correct on any backend; it uses one device.
 */
final class GatheringSelector implements Selector {
  private final FirstDevice device;
  private final Selector first;

  GatheringSelector(MultiDeviceBackend owner, Selector first) {
    this.device = new FirstDevice(owner);
    this.first = first;
  }

  @Override
  public Selection select(BufferManager buffers, ArraySelect select, CallContext call) {
    Selection s = first.select(device.backend().buffers(), select, call);
    device.record(call);
    return s;
  }

  @Override
  public long select(BufferSelect select, CallContext call) {
    DeviceBuffer out = select.out();
    long kept;
    try (DeviceBuffer v = device.gather(select.values());
        DeviceBuffer f = device.gather(select.flags());
        DeviceBuffer o = device.allocate(out.type(), out.length())) {
      kept = first.select(select.on(v, f, o), call);
      device.scatter(o, out);
    }
    device.record(call);
    return kept;
  }

  @Override
  public void topK(BufferManager buffers, ArrayTopK topK, CallContext call) {
    first.topK(device.backend().buffers(), topK, call);
    device.record(call);
  }

  @Override
  public void topK(BufferTopK topK, CallContext call) {
    DeviceBuffer valuesOut = topK.valuesOut();
    DeviceBuffer indicesOut = topK.indicesOut();
    try (DeviceBuffer v = device.gather(topK.values());
        DeviceBuffer vo = device.allocate(valuesOut.type(), topK.k());
        DeviceBuffer io = device.allocate(indicesOut.type(), topK.k())) {
      first.topK(topK.on(v, vo, io), call);
      device.scatter(vo, valuesOut);
      device.scatter(io, indicesOut);
    }
    device.record(call);
  }
}
