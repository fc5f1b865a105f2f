package dev.prims.spi;

import dev.prims.DeviceBuffer;
import java.lang.reflect.Array;
import java.util.function.Consumer;

/**
 * A {@link BufferManager} that moves slices of host arrays directly: it writes the slice transfers,
 * and the whole-array upload and download are the slices from element 0 over the array's length
 * (the other way round from {@link BufferManager}'s defaults, which go through whole arrays).
 */
public interface SliceBufferManager extends BufferManager {
  /** The slice of all of {@code array}. */
  @Override
  default DeviceBuffer upload(Object array) {
    return upload(array, 0, Array.getLength(array));
  }

  @Override
  DeviceBuffer upload(Object array, int offset, int length);

  /** The slice of all of {@code array}. */
  @Override
  default void download(DeviceBuffer buffer, Object array) {
    download(buffer, array, 0, Array.getLength(array));
  }

  @Override
  void download(DeviceBuffer buffer, Object array, int offset, int length);

  /**
   * {@code buffer}, new and {@code length} elements long, once {@code fill} has written a slice of
   * that length into it (not called for an empty slice); the buffer is closed when {@code fill}
   * fails.
   */
  static <B extends DeviceBuffer> B filled(B buffer, int length, Consumer<B> fill) {
    try {
      if (length > 0) {
        fill.accept(buffer);
      }
      return buffer;
    } catch (RuntimeException e) {
      buffer.close();
      throw e;
    }
  }
}
