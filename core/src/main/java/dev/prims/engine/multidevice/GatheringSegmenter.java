package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.spi.CallContext;
import dev.prims.spi.Segmenter;

/**
 * Segmented calls and runs on a multi-device engine: the inputs are gathered on the first device
 * through the host, its segmenter runs, and the outputs are written back into their shards. Correct
 * on any backend; it uses one device.
 */
final class GatheringSegmenter implements Segmenter {
  private final FirstDevice device;

  GatheringSegmenter(MultiDeviceBackend owner) {
    this.device = new FirstDevice(owner);
  }

  @Override
  public void segmented(Pass pass) {
    onFirst(
        pass.values(),
        pass.offsets(),
        pass.out(),
        (v, o, r) -> device.backend().segmenter().segmented(pass.on(v, o, r)));
    if (pass.plan() == null) {
      device.record(pass.call());
    }
  }

  @Override
  public void argReduce(ArgPass pass) {
    DeviceBuffer outIndices = pass.outIndices();
    try (DeviceBuffer i = device.allocate(outIndices.type(), outIndices.length())) {
      onFirst(
          pass.values(),
          pass.offsets(),
          pass.outValues(),
          (v, o, r) -> device.backend().segmenter().argReduce(pass.on(v, o, r, i)));
      device.scatter(i, outIndices);
    }
    device.record(pass.call());
  }

  @Override
  public long runs(
      DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call) {
    try (DeviceBuffer k = device.gather(keys);
        DeviceBuffer u = device.allocate(uniqueKeys.type(), uniqueKeys.length());
        DeviceBuffer o = device.allocate(offsets.type(), offsets.length())) {
      long runs = device.backend().segmenter().runs(k, u, o, call);
      device.scatter(u, uniqueKeys);
      device.scatter(o, offsets);
      device.record(call);
      return runs;
    }
  }

  /** A segmented call on the first device's copies of the inputs and output. */
  private interface SegmentedCall {
    void run(DeviceBuffer values, DeviceBuffer offsets, DeviceBuffer out);
  }

  /** Gathers values and offsets on the first device, runs {@code work}, scatters its output. */
  private void onFirst(
      DeviceBuffer values, DeviceBuffer offsets, DeviceBuffer out, SegmentedCall work) {
    try (DeviceBuffer v = device.gather(values);
        DeviceBuffer o = device.gather(offsets);
        DeviceBuffer r = device.allocate(out.type(), out.length())) {
      work.run(v, o, r);
      device.scatter(r, out);
    }
  }
}
