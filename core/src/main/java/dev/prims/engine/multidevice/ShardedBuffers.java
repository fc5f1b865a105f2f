package dev.prims.engine.multidevice;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import java.lang.reflect.Array;
import java.util.List;

/**
 * Buffers of a multi-device engine: allocation, upload and download split by {@link ShardLayout},
 * each device's share moved by its own backend on its own thread, so every device's link carries
 * its part at once.
 */
record ShardedBuffers(MultiDeviceBackend owner) implements BufferManager {
  @Override
  public DeviceBuffer allocate(DType type, long length) {
    if (length < 0) {
      throw new IllegalArgumentException("buffer length must be >= 0, got " + length);
    }
    ShardLayout layout = owner.layout(length);
    return assemble(type, layout, i -> member(i).buffers().allocate(type, layout.length(i)));
  }

  @Override
  public DeviceBuffer upload(Object array) {
    return overShards(array, (buffers, offset, length) -> buffers.upload(array, offset, length));
  }

  @Override
  public DeviceBuffer wrap(Object array) {
    return overShards(array, (buffers, offset, length) -> buffers.wrap(array, offset, length));
  }

  /** A buffer over the host {@code array}: each member's slice of it made by {@code slice}. */
  private DeviceBuffer overShards(Object array, Slice slice) {
    DType type = DType.ofArray(array);
    ShardLayout layout = owner.layout(Array.getLength(array));
    return assemble(
        type,
        layout,
        i -> slice.of(member(i).buffers(), (int) layout.start(i), (int) layout.length(i)));
  }

  /** One member's buffer of {@code length} elements of a host array from {@code offset}. */
  @FunctionalInterface
  private interface Slice {
    DeviceBuffer of(BufferManager buffers, int offset, int length);
  }

  @Override
  public void download(DeviceBuffer buffer, Object array) {
    ShardedBuffer sharded = owner.sharded(buffer);
    DType type = DType.ofArray(array);
    int length = Array.getLength(array);
    if (type != buffer.type() || length > buffer.length()) {
      throw new IllegalArgumentException(
          "cannot download "
              + buffer
              + " into a "
              + type.id()
              + " array of "
              + length
              + " elements");
    }
    ShardLayout layout = sharded.layout();
    owner
        .tasks()
        .forEach(
            layout.shards(),
            i -> {
              long start = layout.start(i);
              int part = (int) Math.max(0, Math.min(layout.length(i), length - start));
              if (part > 0) {
                member(i).buffers().download(sharded.shard(i), array, (int) start, part);
              }
            });
  }

  /** Writes the slice into every shard it overlaps, each device's part at once. */
  @Override
  public void write(DeviceBuffer buffer, long at, Object array, int offset, int length) {
    ShardedBuffer target = owner.sharded(buffer);
    ShardLayout layout = target.layout();
    owner
        .tasks()
        .forEach(
            layout.shards(),
            i -> {
              long from = Math.max(at, layout.start(i));
              long to = Math.min(at + length, layout.start(i) + layout.length(i));
              if (from < to) {
                member(i)
                    .buffers()
                    .write(
                        target.shard(i),
                        from - layout.start(i),
                        array,
                        (int) (offset + from - at),
                        (int) (to - from));
              }
            });
  }

  /**
   * Overwrites the contents of {@code buffer} with {@code array} (as long as the buffer): each
   * shard is replaced by a fresh upload of its part.
   */
  void overwrite(ShardedBuffer buffer, Object array) {
    ShardLayout layout = buffer.layout();
    owner
        .tasks()
        .forEach(
            layout.shards(),
            i ->
                buffer.replace(
                    i,
                    member(i)
                        .buffers()
                        .upload(array, (int) layout.start(i), (int) layout.length(i))));
  }

  /**
   * Writes {@code result}, a buffer of {@code device}'s backend, into the shards of {@code target}
   * through the host.
   */
  void scatter(Backend device, DeviceBuffer result, ShardedBuffer target) {
    Object host =
        Array.newInstance(
            result.type().arrayClass().getComponentType(), hostLength(result.length()));
    device.buffers().download(result, host);
    overwrite(target, host);
  }

  /** A copy of the whole of {@code buffer} on {@code device}, made through the host. */
  DeviceBuffer gather(Backend device, ShardedBuffer buffer) {
    Object array =
        Array.newInstance(
            buffer.type().arrayClass().getComponentType(), hostLength(buffer.length()));
    download(buffer, array);
    return device.buffers().upload(array);
  }

  /**
   * {@code length} as the length of a host array that passes part of a call through the host.
   *
   * @throws IllegalArgumentException when no Java array holds that many elements
   */
  static int hostLength(long length) {
    if (length > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "this multi-device call passes "
              + length
              + " elements through the host, where a Java array holds at most "
              + (Integer.MAX_VALUE - 8));
    }
    return (int) length;
  }

  private Backend member(int i) {
    return owner.member(i);
  }

  private DeviceBuffer assemble(
      DType type, ShardLayout layout, java.util.function.IntFunction<DeviceBuffer> make) {
    DeviceBuffer[] shards = new DeviceBuffer[layout.shards()];
    try {
      List<DeviceBuffer> made =
          owner
              .tasks()
              .map(
                  layout.shards(),
                  i -> {
                    DeviceBuffer shard = make.apply(i);
                    shards[i] = shard;
                    return shard;
                  });
      return new ShardedBuffer(owner, type, layout, made.toArray(DeviceBuffer[]::new));
    } catch (RuntimeException | Error e) {
      for (DeviceBuffer shard : shards) {
        if (shard != null) {
          shard.close();
        }
      }
      throw e;
    }
  }
}
