package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.MemoryLedger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A buffer of the Aparapi backend: a Java array that is always up to date on the host, plus a
 * version that grows on every write, so that each kernel copies it to the device only when the copy
 * it holds is older ({@link KernelHandle#bind}). Counted in its backend's {@link MemoryLedger}
 * until closed; a {@link BufferCleaner} warns when one becomes unreachable without being closed,
 * and closing the backend closes it.
 */
final class AparapiBuffer implements DeviceBuffer {
  private final String backend;
  private final DType type;
  private final Object array;
  private final int length;
  private final AtomicLong version = new AtomicLong();
  private final MemoryLedger ledger;
  private final BufferCleaner.Handle cleanable;
  private volatile boolean closed;

  AparapiBuffer(
      String backend, DType type, Object array, MemoryLedger ledger, boolean captureSite) {
    this.backend = backend;
    this.type = type;
    this.array = array;
    this.length = java.lang.reflect.Array.getLength(array);
    this.ledger = ledger;
    this.cleanable =
        ledger.register(
            this,
            "aparapi buffer of " + length + " " + type.id(),
            (long) length * type.bytes(),
            () -> {},
            captureSite);
  }

  /** The ledger of the backend that made this buffer. */
  MemoryLedger ledger() {
    return ledger;
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
    return closed || ledger.isClosed();
  }

  @Override
  public void close() {
    closed = true;
    cleanable.close();
  }

  @Override
  public String toString() {
    return "aparapi buffer of " + length + " " + type.id() + (isClosed() ? " (closed)" : "");
  }
}
