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
   * {@code double[]}): later changes to either do not reach the other.
   */
  DeviceBuffer upload(Object array);

  /**
   * A buffer over {@code array} for one call on a host array, closed when the call returns (the
   * array does not change meanwhile, and the call does not write to the buffer). The default
   * uploads a copy; a backend that computes in host memory shares the array instead.
   */
  default DeviceBuffer wrap(Object array) {
    return upload(array);
  }

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
    return wrap(slice); // a private copy already: a backend that can share it need not copy again
  }

  /**
   * A buffer over {@code array[offset, offset + length)} for one call (see {@link #wrap(Object)}):
   * the whole array is wrapped, a part uploaded.
   */
  default DeviceBuffer wrap(Object array, int offset, int length) {
    return offset == 0 && length == Array.getLength(array)
        ? wrap(array)
        : upload(array, offset, length);
  }

  /**
   * A buffer of {@code length} elements to write results into that {@link #download(DeviceBuffer,
   * Object, int, int)} later copies to {@code array[offset, offset + length)}: {@link
   * #outputFor(Object)} for the whole array, a new buffer for a part.
   */
  default DeviceBuffer outputFor(Object array, int offset, int length) {
    return offset == 0 && length == Array.getLength(array)
        ? outputFor(array)
        : allocate(DType.ofArray(array), length);
  }

  /**
   * Copies {@code array[offset, offset + length)} into {@code buffer[at, at + length)} (a buffer of
   * this backend of the array's type; checked by the caller, {@code length > 0}); the rest of the
   * buffer is unchanged. The default throws {@link UnsupportedOperationException}; every prims
   * backend overrides it.
   */
  default void write(DeviceBuffer buffer, long at, Object array, int offset, int length) {
    throw new UnsupportedOperationException(
        "backend " + buffer.backend() + " cannot write into a buffer");
  }

  /**
   * A buffer of {@code type} holding a copy of the remaining bytes of {@code data} (native byte
   * order, a whole number of elements; checked by the caller; its position is unchanged). The
   * default goes through an array; backends may copy a direct buffer straight to the device.
   */
  default DeviceBuffer upload(ByteBuffer data, DType type) {
    ByteBuffer view = data.slice().order(ByteOrder.nativeOrder());
    int length = view.remaining() / type.bytes();
    Object array = type.newArray(length);
    ElementBytes.get(view, array, 0, length);
    return wrap(array);
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

  /**
   * Copies every element of {@code buffer} into {@code data} from its position 0 on ({@code data} a
   * native-order view with room for them; checked by the caller). The default downloads into a
   * temporary array; backends may copy a direct buffer straight from the device.
   */
  default void download(DeviceBuffer buffer, ByteBuffer data) {
    int length = (int) buffer.length();
    Object array = buffer.type().newArray(length);
    download(buffer, array);
    ByteBuffer view = data.duplicate().order(ByteOrder.nativeOrder());
    ElementBytes.put(view, array, 0, length);
  }

  /**
   * Checks the length of a new buffer.
   *
   * @throws IllegalArgumentException if {@code length < 0}
   */
  static void requireLength(long length) {
    if (length < 0) {
      throw new IllegalArgumentException("buffer length must not be negative, got " + length);
    }
  }

  /**
   * Checks that the slice {@code [offset, offset + length)} lies inside {@code array}.
   *
   * @throws IllegalArgumentException naming the slice and the array's length otherwise
   */
  static void checkSlice(Object array, int offset, int length) {
    int arrayLength = Array.getLength(array);
    if (offset < 0 || length < 0 || offset > arrayLength - length) {
      throw new IllegalArgumentException(
          "slice ["
              + offset
              + ", "
              + offset
              + " + "
              + length
              + ") is outside an array of "
              + arrayLength);
    }
  }

  /**
   * Checks a download of the first {@code length} elements of {@code source} into {@code
   * array[offset, offset + length)}.
   *
   * @throws IllegalArgumentException naming the lengths, types and offset where the types differ,
   *     {@code source} is shorter than {@code length} or the slice is outside {@code array}
   */
  static void checkDownload(DeviceBuffer source, Object array, int offset, int length) {
    DType type = DType.ofArray(array);
    int arrayLength = Array.getLength(array);
    if (type != source.type()
        || length > source.length()
        || offset < 0
        || length < 0
        || offset > arrayLength - length) {
      throw new IllegalArgumentException(
          "cannot download "
              + length
              + " of "
              + source.length()
              + " "
              + source.type().id()
              + " into "
              + type.id()
              + "["
              + arrayLength
              + "] at "
              + offset);
    }
  }
}
