package dev.prims.engine.multidevice;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.Scanner;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * Scan over all devices: every device but the last reduces its shard (its total), all at once; the
 * totals give each shard its carry (the combined totals of the shards before it); then every device
 * scans its shard at once, continuing from its carry in the same pass where the backend has a
 * kernel for it ({@link Scanner#scanWithCarry}), else scanning and then combining the carry into
 * the shard: on its device ({@link Scanner#applyCarry}) or through the host (the shard's output
 * down, combined, up again).
 */
record MultiDeviceScanner(MultiDeviceBackend owner) implements Scanner {
  @Override
  public void scan(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    ShardedBuffer in = owner.sharded(input);
    ShardedBuffer out = owner.sharded(output);
    int shards = in.layout().shards();
    DType type = input.type();
    List<Number> totals =
        owner
            .tasks()
            .map(
                shards - 1,
                i ->
                    owner
                        .member(i)
                        .reducer()
                        .reduce(in.shard(i), op, new CallContext(null, call.determinism())));
    List<Number> carries = new ArrayList<>();
    carries.add(null);
    Number carry = null;
    for (int i = 1; i < shards; i++) {
      Number previous = totals.get(i - 1);
      carry = carry == null ? previous : Partials.combine(op, type, carry, previous);
      carries.add(carry);
    }
    CallContext[] calls = new CallContext[shards];
    owner
        .tasks()
        .forEach(
            shards,
            i -> {
              calls[i] = MultiDeviceBackend.shardCall(call);
              Scanner scanner = owner.member(i).scanner();
              if (i == 0
                  || !scanner.scanWithCarry(
                      in.shard(i), out.shard(i), op, kind, carries.get(i), calls[i])) {
                scanner.scan(in.shard(i), out.shard(i), op, kind, calls[i]);
                if (i > 0) {
                  applyCarry(i, out, op, carries.get(i), call);
                }
              }
            });
    owner.record(call, shards, calls[0]);
  }

  /**
   * Combines {@code carry} into shard {@code shard} of {@code out}: on its device or by the host.
   */
  private void applyCarry(
      int shard, ShardedBuffer out, ReduceOp op, Number carry, CallContext call) {
    Backend member = owner.member(shard);
    if (member
        .scanner()
        .applyCarry(out.shard(shard), op, carry, MultiDeviceBackend.shardCall(call))) {
      return;
    }
    DType type = out.type();
    int length = ShardedBuffers.hostLength(out.layout().length(shard));
    Object host = Array.newInstance(type.arrayClass().getComponentType(), length);
    member.buffers().download(out.shard(shard), host);
    Partials.applyCarry(host, op, carry);
    out.replace(shard, member.buffers().upload(host));
  }
}
