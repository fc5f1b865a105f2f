package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.Segmenter;

/**
 * Segmented calls and runs on a multi-device engine: the inputs are gathered on the first device
 * through the host, its segmenter runs, and the outputs are written back into their shards. Correct
 * on any backend; it uses one device.
 */
final class GatheringSegmenter implements Segmenter {
  private final MultiDeviceBackend owner;

  GatheringSegmenter(MultiDeviceBackend owner) {
    this.owner = owner;
  }

  @Override
  public void segmented(Pass pass) {
    onFirst(
        pass.values(),
        pass.offsets(),
        pass.out(),
        (v, o, r) -> first().segmenter().segmented(pass.on(v, o, r)));
    if (pass.plan() == null) {
      owner.record(pass.call(), 1, null);
    }
  }

  @Override
  public void argReduce(ArgPass pass) {
    DeviceBuffer outIndices = pass.outIndices();
    try (DeviceBuffer i = first().buffers().allocate(outIndices.type(), outIndices.length())) {
      onFirst(
          pass.values(),
          pass.offsets(),
          pass.outValues(),
          (v, o, r) -> first().segmenter().argReduce(pass.on(v, o, r, i)));
      scatter(i, outIndices);
    }
    owner.record(pass.call(), 1, null);
  }

  @Override
  public long runs(
      DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call) {
    try (DeviceBuffer k = gather(keys);
        DeviceBuffer u = first().buffers().allocate(uniqueKeys.type(), uniqueKeys.length());
        DeviceBuffer o = first().buffers().allocate(offsets.type(), offsets.length())) {
      long runs = first().segmenter().runs(k, u, o, call);
      scatter(u, uniqueKeys);
      scatter(o, offsets);
      owner.record(call, 1, null);
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
    try (DeviceBuffer v = gather(values);
        DeviceBuffer o = gather(offsets);
        DeviceBuffer r = first().buffers().allocate(out.type(), out.length())) {
      work.run(v, o, r);
      scatter(r, out);
    }
  }

  private Backend first() {
    return owner.member(0);
  }

  /** A copy of {@code buffer} on the first device. */
  private DeviceBuffer gather(DeviceBuffer buffer) {
    return owner.shardedBuffers().gather(first(), owner.sharded(buffer));
  }

  /** Writes {@code result} (on the first device) into the shards of {@code target}. */
  private void scatter(DeviceBuffer result, DeviceBuffer target) {
    owner.shardedBuffers().scatter(first(), result, owner.sharded(target));
  }
}
