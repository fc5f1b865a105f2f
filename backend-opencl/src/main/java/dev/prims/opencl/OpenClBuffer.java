package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.AbstractBuffer;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.MemoryLedger;
import org.jocl.CL;
import org.jocl.cl_mem;

/**
 * A {@link DeviceBuffer} on one {@code cl_mem}, counted in its backend's {@link MemoryLedger}.
 * {@link #close()} releases it; a {@link BufferCleaner} releases it too, with a warning, if the
 * buffer becomes unreachable while still open; closing the backend closes it.
 */
final class OpenClBuffer extends AbstractBuffer {
  private final cl_mem mem;

  OpenClBuffer(DType type, long length, cl_mem mem, MemoryLedger ledger, boolean captureSite) {
    super(OpenClBackend.ID, type, length, ledger, "opencl buffer", new Release(mem), captureSite);
    this.mem = mem;
  }

  /** The memory object; throws if closed. */
  cl_mem mem() {
    requireOpen();
    return mem;
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
