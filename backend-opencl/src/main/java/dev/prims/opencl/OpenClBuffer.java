package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.MemoryLedger;
import org.jocl.CL;
import org.jocl.cl_mem;

/**
 * A {@link DeviceBuffer} on one {@code cl_mem}, counted in its backend's {@link MemoryLedger}.
 * {@link #close()} releases it; a {@link BufferCleaner} releases it too, with a warning, if the
 * buffer becomes unreachable while still open; closing the backend closes it.
 */
final class OpenClBuffer implements DeviceBuffer {
  private final DType type;
  private final long length;
  private final cl_mem mem;
  private final MemoryLedger ledger;
  private final BufferCleaner.Handle cleanable;
  private volatile boolean closed;

  OpenClBuffer(
      DType type, long length, cl_mem mem, long bytes, MemoryLedger ledger, boolean captureSite) {
    this.type = type;
    this.length = length;
    this.mem = mem;
    this.ledger = ledger;
    this.cleanable =
        ledger.register(
            this,
            "opencl buffer of " + length + " " + type.id(),
            bytes,
            new Release(mem),
            captureSite);
  }

  /** The memory object; throws if closed. */
  cl_mem mem() {
    requireOpen();
    return mem;
  }

  /** The ledger of the backend that made this buffer. */
  MemoryLedger ledger() {
    return ledger;
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
    return OpenClBackend.ID;
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
    return "opencl buffer of " + length + " " + type.id() + (isClosed() ? " (closed)" : "");
  }

  /**
   * Releases the memory object (once: the cleaner runs it at most once); must not reach the buffer.
   */
  private record Release(cl_mem mem) implements Runnable {
    @Override
    public void run() {
      CL.clReleaseMemObject(mem);
    }
  }
}
