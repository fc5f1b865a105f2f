package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A {@link SliceBufferManager} whose host transfers take a Java array or a {@link ByteBuffer}
 * alike, through staging slots when large ({@link #stages}), else straight from the host memory. A
 * direct byte buffer, or a large one, is copied as an array would be; a small heap buffer goes
 * through an array ({@link BufferManager}'s defaults).
 */
public interface StagingBufferManager extends SliceBufferManager {
  /**
   * Whether a transfer of {@code bytes} goes through the staging slots (which read and fill heap
   * byte buffers too).
   */
  boolean stages(long bytes);

  /**
   * A new buffer of {@code length} elements of {@code type} holding {@code host[offset, offset +
   * length)}: a Java array of {@code type}, or a native-order {@link ByteBuffer} of its elements
   * (direct, or any when the transfer {@link #stages}).
   */
  DeviceBuffer uploadFrom(Object host, int offset, int length, DType type);

  /**
   * Copies the first {@code length} elements of {@code buffer} into {@code host[offset, offset +
   * length)}: a Java array of the buffer's type, or a {@link ByteBuffer} of its elements (direct,
   * or any when the transfer {@link #stages}).
   */
  void downloadInto(DeviceBuffer buffer, Object host, int offset, int length);

  @Override
  default DeviceBuffer upload(ByteBuffer data, DType type) {
    ByteBuffer view = data.slice().order(ByteOrder.nativeOrder());
    int length = view.remaining() / type.bytes();
    if (!view.isDirect() && !stages((long) length * type.bytes())) {
      return SliceBufferManager.super.upload(data, type);
    }
    return uploadFrom(view, 0, length, type);
  }

  @Override
  default void download(DeviceBuffer buffer, ByteBuffer data) {
    int length = (int) buffer.length();
    if (!data.isDirect() && !stages((long) length * buffer.type().bytes())) {
      SliceBufferManager.super.download(buffer, data);
      return;
    }
    downloadInto(buffer, data, 0, length);
  }
}
