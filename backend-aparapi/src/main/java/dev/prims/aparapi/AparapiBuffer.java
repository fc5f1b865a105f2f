package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.spi.AbstractBuffer;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.MemoryLedger;
import java.lang.reflect.Array;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A buffer of the Aparapi backend: a Java array, plus a version that grows on every write, so that
 * each kernel copies it to the device only when the copy it holds is older ({@link
 * KernelHandle#bind}). The host array is current except after a scan wrote the buffer: then the
 * scan kernel's device copy is newer ({@link KernelHandle#hold}) and {@link #array} copies it back
 * first, so a scan repeated into the same output does not copy every result to the host. Counted in
 * its backend's {@link MemoryLedger} until closed; a {@link BufferCleaner} warns when one becomes
 * unreachable without being closed, and closing the backend closes it.
 */
final class AparapiBuffer extends AbstractBuffer {
  private final Object array;
  private final int length;
  private final AtomicLong version = new AtomicLong();
  private KernelHandle<?> holder;

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

  /**
   * The host array behind this buffer, current: contents a kernel still holds on its device copy
   * are copied back first.
   */
  Object array() {
    requireOpen();
    KernelHandle<?> newer = holder();
    if (newer != null) {
      newer.settle(this);
    }
    return array;
  }

  /**
   * The host array as it is, for a kernel about to write every element: contents held on a device
   * copy are not copied back.
   */
  Object arrayToOverwrite() {
    requireOpen();
    return array;
  }

  /** Whether this buffer and {@code other} have the same host array. */
  boolean sharesArray(AparapiBuffer other) {
    return array == other.array;
  }

  /** The kernel whose device copy holds newer contents than the host array, or null. */
  synchronized KernelHandle<?> holder() {
    return holder;
  }

  /** Records that {@code handle}'s device copy holds newer contents (null: the host array does). */
  synchronized void holder(KernelHandle<?> handle) {
    holder = handle;
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
