package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.spi.CallContext;
import dev.prims.spi.MomentsReducer;
import dev.prims.spi.MomentsState;

/** Moments over all devices: each device's state of its shard, merged in device order. */
record MultiDeviceMoments(MultiDeviceBackend owner) implements MomentsReducer {
  @Override
  public MomentsState moments(DeviceBuffer input, CallContext call) {
    return owner
        .onShards(
            owner.sharded(input),
            call,
            (member, shard, c) -> member.momentsReducer().moments(shard, c))
        .stream()
        .reduce(MomentsState::plus)
        .orElse(null);
  }
}
