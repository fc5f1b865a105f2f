package dev.prims.engine.multidevice;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;

/**
 * The first device of a multi-device backend, where the gathering primitives (sort, select,
 * segmented calls) run: sharded buffers are copied there whole through the host, and the results
 * written back from there into their shards.
 */
final class FirstDevice {
  private final MultiDeviceBackend owner;

  FirstDevice(MultiDeviceBackend owner) {
    this.owner = owner;
  }

  /** The first device's backend. */
  Backend backend() {
    return owner.member(0);
  }

  /** A copy of the sharded {@code buffer} on the first device; null for a null buffer. */
  DeviceBuffer gather(DeviceBuffer buffer) {
    return buffer == null ? null : owner.shardedBuffers().gather(backend(), owner.sharded(buffer));
  }

  /** A new buffer of {@code length} elements of {@code type} on the first device. */
  DeviceBuffer allocate(DType type, long length) {
    return backend().buffers().allocate(type, length);
  }

  /** Records on {@code call} that the first device ran it alone. */
  void record(CallContext call) {
    owner.record(call, 1, null);
  }

  /** Writes {@code result} (on the first device) into the shards of {@code target}. */
  void scatter(DeviceBuffer result, DeviceBuffer target) {
    owner.shardedBuffers().scatter(backend(), result, owner.sharded(target));
  }
}
