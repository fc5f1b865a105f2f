package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.DeviceBuffer;

/** A CPU "device" buffer: a Java heap array, possibly shared with the caller. */
final class CpuBuffer implements DeviceBuffer {
  static final String BACKEND = "cpu";

  private final DType type;
  private final Object array;
  private final int length;
  private volatile boolean closed;

  CpuBuffer(DType type, Object array) {
    this.type = type;
    this.array = array;
    this.length = java.lang.reflect.Array.getLength(array);
  }

  /**
   * The array behind {@code buffer}.
   *
   * @throws IllegalArgumentException if it is not a CPU buffer
   * @throws IllegalStateException if it is closed
   */
  static Object arrayOf(DeviceBuffer buffer) {
    if (!(buffer instanceof CpuBuffer)) {
      throw new IllegalArgumentException(
          "not a cpu buffer: "
              + buffer.type().id()
              + "["
              + buffer.length()
              + "] on "
              + buffer.backend());
    }
    buffer.requireOpen();
    return ((CpuBuffer) buffer).array;
  }

  /** Whether this buffer is a view of exactly {@code other}. */
  boolean isViewOf(Object other) {
    return array == other;
  }

  int size() {
    return length;
  }

  @Override
  public DType type() {
    return type;
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public String backend() {
    return BACKEND;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    closed = true;
  }

  @Override
  public String toString() {
    return "cpu buffer " + type.id() + "[" + length + "]";
  }
}
