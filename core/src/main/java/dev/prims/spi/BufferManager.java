package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;

/** Allocation and host transfers for one backend. */
public interface BufferManager {
  /**
   * A new buffer of {@code length} elements (contents unspecified).
   *
   * @throws IllegalArgumentException if {@code length < 0}
   * @throws dev.prims.PrimsException when the device has no memory for it (the message names the
   *     sizes)
   */
  DeviceBuffer allocate(DType type, long length);

  /**
   * A buffer holding a copy of {@code array} ({@code int[]}, {@code long[]}, {@code float[]} or
   * {@code double[]}). A backend that computes in host memory may share the array instead of
   * copying; the caller must then not change it while the buffer is open.
   */
  DeviceBuffer upload(Object array);

  /**
   * A buffer to write results into that {@link #download} later copies to {@code array}. A backend
   * that computes in host memory may return a view of {@code array} itself.
   */
  default DeviceBuffer outputFor(Object array) {
    return allocate(DType.ofArray(array), java.lang.reflect.Array.getLength(array));
  }

  /**
   * Copies the first {@code array.length} elements of {@code buffer} into {@code array}.
   *
   * @throws IllegalArgumentException if the types differ or the buffer is shorter
   */
  void download(DeviceBuffer buffer, Object array);
}
