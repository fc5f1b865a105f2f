package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.PrimsException;
import dev.prims.spi.BufferManager;
import java.lang.reflect.Array;

/**
 * Buffers on the Java heap: uploads share the caller's array, {@link #outputFor} is a view of the
 * given array, and downloading a view into its own array copies nothing.
 */
final class CpuBufferManager implements BufferManager {

  @Override
  public DeviceBuffer allocate(DType type, long length) {
    if (length < 0) {
      throw new IllegalArgumentException("buffer length must not be negative, got " + length);
    }
    if (length > CpuPolicy.MAX_ELEMENTS) {
      throw new IllegalArgumentException(
          "the cpu backend holds at most "
              + CpuPolicy.MAX_ELEMENTS
              + " elements per buffer (one Java array), asked for "
              + length
              + " "
              + type.id());
    }
    try {
      return new CpuBuffer(
          type, Array.newInstance(type.arrayClass().getComponentType(), (int) length));
    } catch (OutOfMemoryError e) {
      throw new PrimsException(
          CpuBuffer.BACKEND,
          "Java heap exhausted allocating "
              + length
              + " "
              + type.id()
              + " ("
              + length * type.bytes()
              + " bytes; max heap "
              + Runtime.getRuntime().maxMemory()
              + " bytes)",
          e);
    }
  }

  @Override
  public DeviceBuffer upload(Object array) {
    return new CpuBuffer(DType.ofArray(array), array);
  }

  @Override
  public DeviceBuffer outputFor(Object array) {
    return new CpuBuffer(DType.ofArray(array), array);
  }

  @Override
  public void download(DeviceBuffer buffer, Object array) {
    Object source = CpuBuffer.arrayOf(buffer);
    DType type = DType.ofArray(array);
    int n = Array.getLength(array);
    if (type != buffer.type() || n > buffer.length()) {
      throw new IllegalArgumentException(
          "cannot download "
              + buffer.length()
              + " "
              + buffer.type().id()
              + " into "
              + type.id()
              + "["
              + n
              + "]");
    }
    if (source != array) {
      System.arraycopy(source, 0, array, 0, n);
    }
  }
}
