package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.spi.AbstractBuffer;
import dev.prims.spi.BufferCleaner;
import jcuda.driver.CUdeviceptr;

/**
 * Device memory of one CUDA backend, counted in its {@link dev.prims.spi.MemoryLedger}. Freed by
 * {@link #close()}, by closing the backend, or by a {@link BufferCleaner} (with a warning naming
 * where it was allocated) when it becomes unreachable without being closed.
 */
final class CudaBuffer extends AbstractBuffer {
  private final CudaBackend backend;
  private final CUdeviceptr pointer;

  CudaBuffer(CudaBackend backend, DType type, long length, CUdeviceptr pointer) {
    super(
        CudaBackendProvider.ID,
        type,
        length,
        backend.memoryLedger(),
        "cuda buffer",
        new Release(backend, pointer),
        backend.captureAllocationSites());
    this.backend = backend;
    this.pointer = pointer;
  }

  /** Frees the memory once, whether called by close() or by the cleaner. */
  private static final class Release implements Runnable {
    private final CudaBackend backend;
    private final CUdeviceptr pointer;

    Release(CudaBackend backend, CUdeviceptr pointer) {
      this.backend = backend;
      this.pointer = pointer;
    }

    @Override
    public void run() {
      backend.free(pointer);
    }
  }

  /** The backend that owns this buffer. */
  CudaBackend owner() {
    return backend;
  }

  /** The device address (null pointer for an empty buffer). */
  CUdeviceptr pointer() {
    requireOpen();
    return pointer;
  }

  /** Closed by {@link #close()} or with its backend. */
  @Override
  public boolean isClosed() {
    return closedHere() || backend.isClosed();
  }

  @Override
  public String toString() {
    return "cuda buffer of " + length() + " " + type().id();
  }
}
