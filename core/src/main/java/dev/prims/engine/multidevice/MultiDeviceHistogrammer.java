package dev.prims.engine.multidevice;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.spi.CallContext;
import dev.prims.spi.Histogrammer;
import java.util.List;

/**
 * Histogram over all devices: each counts its shard into counts of its own, the counts add on the
 * host and are written into the caller's counts buffer.
 */
record MultiDeviceHistogrammer(MultiDeviceBackend owner) implements Histogrammer {
  @Override
  public long histogram(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    ShardedBuffer values = owner.sharded(input);
    ShardedBuffer output = owner.sharded(counts);
    Histogrammer.requireCounts(output, spec.bins());
    long[] total = new long[spec.bins()];
    long outOfRange = count(values, spec, total, call);
    owner.shardedBuffers().overwrite(output, total);
    return outOfRange;
  }

  @Override
  public long histogram(
      dev.prims.spi.BufferManager buffers,
      Object array,
      HistogramSpec spec,
      long[] counts,
      CallContext call) {
    try (DeviceBuffer input = owner.buffers().wrap(array)) {
      java.util.Arrays.fill(counts, 0);
      return count(owner.sharded(input), spec, counts, call);
    }
  }

  /** Counts every shard and adds the counts into {@code total}; returns the out-of-range count. */
  private long count(ShardedBuffer values, HistogramSpec spec, long[] total, CallContext call) {
    List<long[]> parts =
        owner.onShards(
            values,
            call,
            (member, shard, c) -> {
              long[] counts = new long[spec.bins()];
              try (DeviceBuffer own = member.buffers().allocate(DType.LONG, spec.bins())) {
                long out = member.histogrammer().histogram(shard, spec, own, c);
                member.buffers().download(own, counts);
                return append(counts, out);
              }
            });
    long outOfRange = 0;
    for (long[] part : parts) {
      for (int b = 0; b < total.length; b++) {
        total[b] += part[b];
      }
      outOfRange += part[total.length];
    }
    return outOfRange;
  }

  private static long[] append(long[] counts, long outOfRange) {
    long[] withOut = java.util.Arrays.copyOf(counts, counts.length + 1);
    withOut[counts.length] = outOfRange;
    return withOut;
  }
}
