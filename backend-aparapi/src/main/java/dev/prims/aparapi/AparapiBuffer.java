package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A buffer of the Aparapi backend: a Java array that is always up to date on the host, plus a
 * version that grows on every write, so that each kernel copies it to the device only when the copy
 * it holds is older ({@link KernelHandle#bind}).
 */
final class AparapiBuffer implements DeviceBuffer {
  private final String backend;
  private final DType type;
  private final Object array;
  private final int length;
  private final AtomicLong version = new AtomicLong();
  private volatile boolean closed;

  AparapiBuffer(String backend, DType type, Object array) {
    this.backend = backend;
    this.type = type;
    this.array = array;
    this.length = java.lang.reflect.Array.getLength(array);
  }

  /** The host array behind this buffer. */
  Object array() {
    requireOpen();
    return array;
  }

  /** Number of elements as an int (Java arrays are int-indexed). */
  int size() {
    return length;
  }

  /** The version of the contents; it changes whenever they are written. */
  long version() {
    return version.get();
  }

  /** Records that the host array has new contents; returns the new version. */
  long markWritten() {
    return version.incrementAndGet();
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
    return backend;
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
    return "aparapi buffer of " + length + " " + type.id() + (closed ? " (closed)" : "");
  }
}
