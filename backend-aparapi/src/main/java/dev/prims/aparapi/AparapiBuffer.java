package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.spi.AbstractBuffer;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.MemoryLedger;
import java.lang.reflect.Array;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A buffer of the Aparapi backend: a Java array that is always up to date on the host, plus a
 * version that grows on every write, so that each kernel copies it to the device only when the copy
 * it holds is older ({@link KernelHandle#bind}). Counted in its backend's {@link MemoryLedger}
 * until closed; a {@link BufferCleaner} warns when one becomes unreachable without being closed,
 * and closing the backend closes it.
 */
final class AparapiBuffer extends AbstractBuffer {
  private final Object array;
  private final int length;
  private final AtomicLong version = new AtomicLong();

  AparapiBuffer(
      String backend, DType type, Object array, MemoryLedger ledger, boolean captureSite) {
    this(backend, type, array, Array.getLength(array), ledger, captureSite);
  }

  private AparapiBuffer(
      String backend,
      DType type,
      Object array,
      int length,
      MemoryLedger ledger,
      boolean captureSite) {
    super(backend, type, length, ledger, "aparapi buffer", () -> {}, captureSite);
    this.array = array;
    this.length = length;
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
}
