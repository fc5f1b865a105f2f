package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;

/**
 * A skeletal {@link DeviceBuffer} of a backend that counts its buffers in a {@link MemoryLedger}:
 * holds the backend id, type and length, registers the buffer with the ledger (and so with {@link
 * BufferCleaner}) and answers {@link #isClosed()} and {@link #close()}, so that a buffer class
 * writes only where its memory is.
 */
public abstract class AbstractBuffer implements DeviceBuffer {
  private final String backend;
  private final DType type;
  private final long length;
  private final MemoryLedger ledger;
  private final BufferCleaner.Handle cleanable;
  private volatile boolean closed;

  /**
   * A buffer of backend {@code backend} of {@code length} elements of {@code type}, kept by the
   * backend of {@code ledger} (none where null; then it is not counted either). Where {@code
   * release} is not null it is counted in {@code ledger}: {@code release} runs once, when the
   * buffer is closed, when the ledger closes its buffers, or (with a warning naming the buffer as
   * {@code what} "of {@code length} {@code type}") when it becomes unreachable without being
   * closed; it must not reach the buffer. Where {@code release} is null the buffer is only a view
   * for one call.
   */
  protected AbstractBuffer(
      String backend,
      DType type,
      long length,
      MemoryLedger ledger,
      String what,
      Runnable release,
      boolean captureSite) {
    this.backend = backend;
    this.type = type;
    this.length = length;
    this.ledger = ledger;
    this.cleanable =
        release == null
            ? null
            : ledger.register(
                this,
                what + " of " + length + " " + type.id(),
                length * type.bytes(),
                release,
                captureSite);
  }

  /** The ledger of the backend that made this buffer (null where there is none). */
  public final MemoryLedger ledger() {
    return ledger;
  }

  @Override
  public final DType type() {
    return type;
  }

  @Override
  public final long length() {
    return length;
  }

  @Override
  public final String backend() {
    return backend;
  }

  /** Whether {@link #close()} has been called or the ledger has closed its buffers. */
  @Override
  public boolean isClosed() {
    return closed || (ledger != null && ledger.isClosed());
  }

  /** Whether {@link #close()} itself has been called. */
  protected final boolean closedHere() {
    return closed;
  }

  @Override
  public final void close() {
    closed = true;
    if (cleanable != null) {
      cleanable.close();
    }
  }

  /** {@code <backend> buffer of <length> <type>}, and {@code (closed)} when it is. */
  @Override
  public String toString() {
    return backend + " buffer of " + length + " " + type.id() + (isClosed() ? " (closed)" : "");
  }
}
