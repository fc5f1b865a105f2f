package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.Reducer;

/** Reduce over all devices: each reduces its shard, the partials combine in device order. */
record MultiDeviceReducer(MultiDeviceBackend owner) implements Reducer {
  @Override
  public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    return Partials.fold(
        op,
        input.type(),
        owner.onShards(
            owner.sharded(input),
            call,
            (member, shard, c) -> member.reducer().reduce(shard, op, c)));
  }
}
