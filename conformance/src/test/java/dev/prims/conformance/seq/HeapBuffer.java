package dev.prims.conformance.seq;

import dev.prims.DType;
import dev.prims.DeviceBuffer;

/** A buffer of the sequential test backend: a heap array of its own. */
final class HeapBuffer implements DeviceBuffer {
  final Object array;
  private final DType type;
  private boolean closed;

  HeapBuffer(DType type, Object array) {
    this.type = type;
    this.array = array;
  }

  static Object array(DeviceBuffer b) {
    b.requireOpen();
    return ((HeapBuffer) b).array;
  }

  @Override
  public DType type() {
    return type;
  }

  @Override
  public long length() {
    return java.lang.reflect.Array.getLength(array);
  }

  @Override
  public String backend() {
    return SequentialProvider.ID;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    closed = true;
  }
}
