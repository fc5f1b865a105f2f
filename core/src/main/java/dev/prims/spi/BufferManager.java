package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

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
    return allocate(DType.ofArray(array), Array.getLength(array));
  }

  /**
   * Copies the first {@code array.length} elements of {@code buffer} into {@code array}.
   *
   * @throws IllegalArgumentException if the types differ or the buffer is shorter
   */
  void download(DeviceBuffer buffer, Object array);

  /**
   * A buffer holding a copy of {@code array[offset, offset + length)} (checked by the caller). The
   * default copies the slice first; backends may transfer it directly.
   */
  default DeviceBuffer upload(Object array, int offset, int length) {
    if (offset == 0 && length == Array.getLength(array)) {
      return upload(array);
    }
    Object slice = Array.newInstance(array.getClass().getComponentType(), length);
    System.arraycopy(array, offset, slice, 0, length);
    return upload(slice);
  }

  /**
   * A buffer of {@code type} holding a copy of the remaining bytes of {@code data} (native byte
   * order, a whole number of elements; checked by the caller; its position is unchanged). The
   * default goes through an array; backends may copy a direct buffer straight to the device.
   */
  default DeviceBuffer upload(ByteBuffer data, DType type) {
    ByteBuffer view = data.slice().order(ByteOrder.nativeOrder());
    int length = view.remaining() / type.bytes();
    switch (type) {
      case INT:
        int[] ints = new int[length];
        view.asIntBuffer().get(ints);
        return upload(ints);
      case LONG:
        long[] longs = new long[length];
        view.asLongBuffer().get(longs);
        return upload(longs);
      case FLOAT:
        float[] floats = new float[length];
        view.asFloatBuffer().get(floats);
        return upload(floats);
      default:
        double[] doubles = new double[length];
        view.asDoubleBuffer().get(doubles);
        return upload(doubles);
    }
  }

  /**
   * Copies the first {@code length} elements of {@code buffer} into {@code array[offset, offset +
   * length)} (checked by the caller). The default downloads into a temporary array.
   */
  default void download(DeviceBuffer buffer, Object array, int offset, int length) {
    if (offset == 0 && length == Array.getLength(array)) {
      download(buffer, array);
      return;
    }
    Object part = Array.newInstance(array.getClass().getComponentType(), length);
    download(buffer, part);
    System.arraycopy(part, 0, array, offset, length);
  }
}
