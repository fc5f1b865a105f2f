package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.SortOrder;
import dev.prims.spi.BufferSort;
import dev.prims.spi.CallContext;
import dev.prims.spi.Sorter;

/**
 * Sorting on a multi-device engine: host arrays sort on the first device's backend; buffers are
 * gathered on the first device through the host, sorted there and written back into their shards.
 * Correct on any backend; it uses one device.
 */
final class GatheringSorter implements Sorter {
  private final FirstDevice device;
  private final Sorter first;

  GatheringSorter(MultiDeviceBackend owner, Sorter first) {
    this.device = new FirstDevice(owner);
    this.first = first;
  }

  @Override
  public void sort(Object keys, Object values, SortOrder order, CallContext call) {
    first.sort(keys, values, order, call);
    device.record(call);
  }

  @Override
  public void sortInto(Object keys, Object output, SortOrder order, CallContext call) {
    first.sortInto(keys, output, order, call);
    device.record(call);
  }

  @Override
  public Object sortedCopy(Object keys, SortOrder order, CallContext call) {
    Object sorted = first.sortedCopy(keys, order, call);
    device.record(call);
    return sorted;
  }

  @Override
  public void sort(BufferSort sort, CallContext call) {
    try (DeviceBuffer k = device.gather(sort.keys());
        DeviceBuffer v = device.gather(sort.values())) {
      first.sort(sort.inPlaceOn(k, v), call);
      device.scatter(k, sort.keysOut());
      if (v != null) {
        device.scatter(v, sort.valuesOut());
      }
    }
    device.record(call);
  }
}
