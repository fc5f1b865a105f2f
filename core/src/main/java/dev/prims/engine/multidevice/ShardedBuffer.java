package dev.prims.engine.multidevice;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.AbstractBuffer;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A buffer of a multi-device engine: shard {@code i} ({@link ShardLayout}) lives on device {@code
 * i} as a buffer of that device's backend. Counted in the engine's ledger; closing it (or its
 * engine, or the cleaner when it is dropped unclosed) closes every shard.
 */
final class ShardedBuffer extends AbstractBuffer {
  private final MultiDeviceBackend owner;
  private final ShardLayout layout;
  private final AtomicReferenceArray<DeviceBuffer> shards;

  ShardedBuffer(MultiDeviceBackend owner, DType type, ShardLayout layout, DeviceBuffer[] shards) {
    this(owner, type, layout, new AtomicReferenceArray<>(shards));
  }

  private ShardedBuffer(
      MultiDeviceBackend owner,
      DType type,
      ShardLayout layout,
      AtomicReferenceArray<DeviceBuffer> shards) {
    super(
        owner.id(),
        type,
        layout.length(),
        owner.ledger().orElseThrow(),
        owner.id() + " buffer",
        () -> closeShards(shards),
        owner.capturesSites());
    this.owner = owner;
    this.layout = layout;
    this.shards = shards;
  }

  /** Closes every shard; reaches the shards only, never the buffer. */
  private static void closeShards(AtomicReferenceArray<DeviceBuffer> shards) {
    for (int i = 0; i < shards.length(); i++) {
      shards.get(i).close();
    }
  }

  MultiDeviceBackend owner() {
    return owner;
  }

  ShardLayout layout() {
    return layout;
  }

  /** The buffer of shard {@code i}, on device {@code i}. */
  DeviceBuffer shard(int i) {
    requireOpen();
    return shards.get(i);
  }

  /**
   * Puts {@code replacement} (same type and length) in place of shard {@code i}, closing the old.
   */
  void replace(int i, DeviceBuffer replacement) {
    DeviceBuffer old = shards.getAndSet(i, replacement);
    if (old != null && old != replacement) {
      old.close();
    }
    if (closedHere()) {
      replacement.close();
    }
  }

  /**
   * Closed as every buffer is, or when a device's backend closed one of its shards. A shard that
   * {@link #replace} closed after putting its replacement in place does not count: the replacement
   * is read again, so a shard task replacing its shard never makes another task's {@link #shard}
   * call see the whole buffer closed.
   */
  @Override
  public boolean isClosed() {
    if (super.isClosed()) {
      return true;
    }
    for (int i = 0; i < shards.length(); i++) {
      DeviceBuffer shard = shards.get(i);
      if (shard.isClosed() && shards.get(i) == shard) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return super.toString() + " over " + layout.shards() + " device(s)";
  }
}
