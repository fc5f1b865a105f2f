package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldPlan;
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
  public void reduce(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      CallContext call) {
    onFirst(
        values, offsets, out, (v, o, r) -> first().segmenter().reduce(v, o, segments, r, op, call));
    owner.record(call, 1, null);
  }

  @Override
  public void scan(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      CallContext call) {
    onFirst(
        values,
        offsets,
        out,
        (v, o, r) -> first().segmenter().scan(v, o, segments, r, op, kind, call));
    owner.record(call, 1, null);
  }

  @Override
  public void argReduce(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer outValues,
      DeviceBuffer outIndices,
      ReduceOp op,
      CallContext call) {
    try (DeviceBuffer i = first().buffers().allocate(outIndices.type(), outIndices.length())) {
      onFirst(
          values,
          offsets,
          outValues,
          (v, o, r) -> first().segmenter().argReduce(v, o, segments, r, i, op, call));
      scatter(i, outIndices);
    }
    owner.record(call, 1, null);
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

  @Override
  public void foldReduce(
      DeviceBuffer values, DeviceBuffer offsets, long segments, DeviceBuffer out, FoldPlan plan) {
    onFirst(
        values, offsets, out, (v, o, r) -> first().segmenter().foldReduce(v, o, segments, r, plan));
  }

  @Override
  public void foldScan(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ScanKind kind,
      FoldPlan plan) {
    onFirst(
        values,
        offsets,
        out,
        (v, o, r) -> first().segmenter().foldScan(v, o, segments, r, kind, plan));
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
