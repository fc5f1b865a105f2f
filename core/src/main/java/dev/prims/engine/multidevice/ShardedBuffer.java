package dev.prims.engine.multidevice;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.BufferCleaner;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A buffer of a multi-device engine: shard {@code i} ({@link ShardLayout}) lives on device {@code
 * i} as a buffer of that device's backend. Counted in the engine's ledger; closing it (or its
 * engine, or the cleaner when it is dropped unclosed) closes every shard.
 */
final class ShardedBuffer implements DeviceBuffer {
  private final MultiDeviceBackend owner;
  private final DType type;
  private final ShardLayout layout;
  private final AtomicReferenceArray<DeviceBuffer> shards;
  private final AtomicBoolean closed;
  private final BufferCleaner.Handle handle;

  ShardedBuffer(MultiDeviceBackend owner, DType type, ShardLayout layout, DeviceBuffer[] shards) {
    this.owner = owner;
    this.type = type;
    this.layout = layout;
    AtomicReferenceArray<DeviceBuffer> parts = new AtomicReferenceArray<>(shards);
    AtomicBoolean released = new AtomicBoolean();
    this.shards = parts;
    this.closed = released;
    this.handle =
        owner
            .ledger()
            .orElseThrow()
            .register(
                this,
                owner.id() + " buffer of " + layout.length() + " " + type.id(),
                layout.length() * type.bytes(),
                () -> closeShards(parts, released),
                owner.capturesSites());
  }

  /** Closes every shard once; reaches the shards only, never the buffer. */
  private static void closeShards(
      AtomicReferenceArray<DeviceBuffer> parts, AtomicBoolean released) {
    if (released.compareAndSet(false, true)) {
      for (int i = 0; i < parts.length(); i++) {
        parts.get(i).close();
      }
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
    if (closed.get()) {
      replacement.close();
    }
  }

  @Override
  public DType type() {
    return type;
  }

  @Override
  public long length() {
    return layout.length();
  }

  @Override
  public String backend() {
    return owner.id();
  }

  @Override
  public boolean isClosed() {
    if (closed.get()) {
      return true;
    }
    for (int i = 0; i < shards.length(); i++) {
      if (shards.get(i).isClosed()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close() {
    handle.close();
  }

  @Override
  public String toString() {
    return "buffer of "
        + length()
        + " "
        + type.id()
        + " on "
        + owner.id()
        + " over "
        + layout.shards()
        + " device(s)";
  }
}
