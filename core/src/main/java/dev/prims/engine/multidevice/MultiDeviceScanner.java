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
 * Scan over all devices: each device reduces its shard (its total) and scans it, both at once on
 * every device; the totals give each shard its carry (the combined totals of the shards before it),
 * and every shard past the first then takes its carry: on its device where the backend has a kernel
 * for it ({@link Scanner#applyCarry}), else through the host (the shard's output down, combined, up
 * again).
 */
final class MultiDeviceScanner implements Scanner {
  private final MultiDeviceBackend owner;
  private final MultiDeviceReducer reducer;

  MultiDeviceScanner(MultiDeviceBackend owner, MultiDeviceReducer reducer) {
    this.owner = owner;
    this.reducer = reducer;
  }

  @Override
  public void scan(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    ShardedBuffer in = owner.sharded(input);
    ShardedBuffer out = owner.sharded(output);
    int shards = in.layout().shards();
    DType type = input.type();
    CallContext[] calls = new CallContext[shards];
    List<Number> totals =
        owner
            .tasks()
            .map(
                shards,
                i -> {
                  calls[i] = MultiDeviceBackend.shardCall(call);
                  Backend member = owner.member(i);
                  Number total =
                      i + 1 < shards
                          ? member
                              .reducer()
                              .reduce(in.shard(i), op, new CallContext(null, call.determinism()))
                          : null;
                  member.scanner().scan(in.shard(i), out.shard(i), op, kind, calls[i]);
                  return total;
                });
    owner.record(call, shards, calls[0]);
    List<Number> carries = new ArrayList<>();
    Number carry = null;
    for (int i = 1; i < shards; i++) {
      Number previous = totals.get(i - 1);
      carry = carry == null ? previous : Partials.combine(op, type, carry, previous);
      carries.add(carry);
    }
    owner
        .tasks()
        .forEach(
            shards - 1,
            j -> {
              int shard = j + 1;
              Backend member = owner.member(shard);
              if (member
                  .scanner()
                  .applyCarry(
                      out.shard(shard), op, carries.get(j), MultiDeviceBackend.shardCall(call))) {
                return;
              }
              int length = ShardedBuffers.hostLength(out.layout().length(shard));
              Object host = Array.newInstance(type.arrayClass().getComponentType(), length);
              member.buffers().download(out.shard(shard), host);
              Partials.applyCarry(host, op, carries.get(j));
              out.replace(shard, member.buffers().upload(host));
            });
  }
}
