package dev.prims.engine.multidevice;

import dev.prims.DeviceBuffer;
import dev.prims.spi.CallContext;
import dev.prims.spi.MomentsReducer;
import dev.prims.spi.MomentsState;
import java.util.List;

/** Moments over all devices: each device's state of its shard, merged in device order. */
final class MultiDeviceMoments implements MomentsReducer {
  private final MultiDeviceBackend owner;

  MultiDeviceMoments(MultiDeviceBackend owner) {
    this.owner = owner;
  }

  @Override
  public MomentsState moments(DeviceBuffer input, CallContext call) {
    ShardedBuffer values = owner.sharded(input);
    int shards = values.layout().shards();
    CallContext[] calls = new CallContext[shards];
    List<MomentsState> parts =
        owner
            .tasks()
            .map(
                shards,
                i -> {
                  calls[i] = MultiDeviceBackend.shardCall(call);
                  return owner.member(i).momentsReducer().moments(values.shard(i), calls[i]);
                });
    owner.record(call, shards, calls[0]);
    MomentsState state = parts.get(0);
    for (int i = 1; i < parts.size(); i++) {
      state = state.plus(parts.get(i));
    }
    return state;
  }
}
