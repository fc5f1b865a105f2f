package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.ScanKind;
import dev.prims.spi.Backend;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import java.util.List;
import java.util.Optional;

/**
 * Reproducible mode over all devices. Fold sums are exact integers, so the devices' sums of their
 * shards add into exactly the sums of one device: the same bits on 1, 2 or N devices. A scan's
 * shards past the first start from the exact sums of the shards before them; they are folded on the
 * host from those sums (the reference recipe of {@link FoldPlan}), the first shard on its device.
 */
record MultiDeviceFoldKernels(MultiDeviceBackend owner) implements FoldKernels {
  @Override
  public Optional<FoldSums> foldSumOnePass(DeviceBuffer input) {
    ShardedBuffer values = owner.sharded(input);
    List<Optional<FoldSums>> parts =
        owner
            .tasks()
            .map(values.layout().shards(), i -> kernels(i).foldSumOnePass(values.shard(i)));
    FoldSums total = null;
    for (Optional<FoldSums> part : parts) {
      if (part.isEmpty()) {
        return Optional.empty();
      }
      total = total == null ? part.get() : total.plus(part.get());
    }
    return Optional.ofNullable(total);
  }

  @Override
  public long[] foldSum(DeviceBuffer input, FoldPlan plan) {
    ShardedBuffer values = owner.sharded(input);
    return add(
        owner
            .tasks()
            .map(values.layout().shards(), i -> kernels(i).foldSum(values.shard(i), plan)));
  }

  @Override
  public long[] foldDot(DeviceBuffer a, DeviceBuffer b, FoldPlan plan) {
    ShardedBuffer left = owner.sharded(a);
    ShardedBuffer right = owner.sharded(b);
    return add(
        owner
            .tasks()
            .map(
                left.layout().shards(),
                i -> kernels(i).foldDot(left.shard(i), right.shard(i), plan)));
  }

  @Override
  public void foldScan(DeviceBuffer input, DeviceBuffer output, ScanKind kind, FoldPlan plan) {
    ShardedBuffer in = owner.sharded(input);
    ShardedBuffer out = owner.sharded(output);
    int shards = in.layout().shards();
    List<long[]> sums =
        owner
            .tasks()
            .map(
                shards,
                i -> {
                  long[] own = i + 1 < shards ? kernels(i).foldSum(in.shard(i), plan) : null;
                  if (i == 0) {
                    kernels(0).foldScan(in.shard(0), out.shard(0), kind, plan);
                  }
                  return own;
                });
    owner
        .tasks()
        .forEach(
            shards - 1,
            j -> {
              int shard = j + 1;
              long[] carry = add(sums.subList(0, shard));
              Backend member = owner.member(shard);
              int length = ShardedBuffers.hostLength(in.layout().length(shard));
              Object host =
                  java.lang.reflect.Array.newInstance(
                      input.type().arrayClass().getComponentType(), length);
              member.buffers().download(in.shard(shard), host);
              foldScanOnHost(host, carry, kind, plan);
              out.replace(shard, member.buffers().upload(host));
            });
  }

  /** Elements per part of a host fold scan (parts are folded on all processors at once). */
  private static final int HOST_PART = 1 << 16;

  /**
   * The reference fold scan of {@code values} in place, starting from {@code sums}: the parts' own
   * fold sums first (in parallel), then each part scanned from the exact sums before it (in
   * parallel). Fold sums are exact integers, so the split does not change a bit.
   */
  private static void foldScanOnHost(Object values, long[] sums, ScanKind kind, FoldPlan plan) {
    int n = java.lang.reflect.Array.getLength(values);
    int parts = (n + HOST_PART - 1) / HOST_PART;
    long[][] own = new long[parts][];
    java.util.stream.IntStream.range(0, parts)
        .parallel()
        .forEach(
            p -> {
              long[] part = new long[sums.length];
              for (int j = p * HOST_PART, end = Math.min(n, j + HOST_PART); j < end; j++) {
                plan.accumulate(value(values, j), part);
              }
              own[p] = part;
            });
    long[][] starts = new long[parts][];
    long[] running = sums.clone();
    for (int p = 0; p < parts; p++) {
      starts[p] = running.clone();
      for (int f = 0; f < running.length; f++) {
        running[f] += own[p][f];
      }
    }
    boolean inclusive = kind == ScanKind.INCLUSIVE;
    java.util.stream.IntStream.range(0, parts)
        .parallel()
        .forEach(
            p -> {
              long[] at = starts[p];
              for (int j = p * HOST_PART, end = Math.min(n, j + HOST_PART); j < end; j++) {
                double x = value(values, j);
                if (inclusive) {
                  plan.accumulate(x, at);
                }
                store(values, j, plan.combine(at));
                if (!inclusive) {
                  plan.accumulate(x, at);
                }
              }
            });
  }

  private static double value(Object values, int j) {
    return values instanceof float[] f ? f[j] : ((double[]) values)[j];
  }

  /** Stores {@code v}, rounded to float for a float array (as the fold scan kernels do). */
  private static void store(Object values, int j, double v) {
    if (values instanceof float[] f) {
      f[j] = (float) v;
    } else {
      ((double[]) values)[j] = v;
    }
  }

  private FoldKernels kernels(int i) {
    return owner.member(i).foldKernels();
  }

  private static long[] add(List<long[]> parts) {
    long[] total = null;
    for (long[] part : parts) {
      if (total == null) {
        total = part.clone();
      } else {
        for (int f = 0; f < total.length; f++) {
          total[f] += part[f];
        }
      }
    }
    return total;
  }
}
