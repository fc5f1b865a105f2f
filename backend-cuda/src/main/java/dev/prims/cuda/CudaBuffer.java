package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.BufferCleaner;
import jcuda.driver.CUdeviceptr;

/**
 * Device memory of one CUDA backend, counted in its {@link dev.prims.spi.MemoryLedger}. Freed by
 * {@link #close()}, by closing the backend, or by a {@link BufferCleaner} (with a warning naming
 * where it was allocated) when it becomes unreachable without being closed.
 */
final class CudaBuffer implements DeviceBuffer {
  private final CudaBackend backend;
  private final DType type;
  private final long length;
  private final CUdeviceptr pointer;
  private final BufferCleaner.Handle cleanable;
  private volatile boolean closed;

  CudaBuffer(CudaBackend backend, DType type, long length, CUdeviceptr pointer) {
    this.backend = backend;
    this.type = type;
    this.length = length;
    this.pointer = pointer;
    this.cleanable =
        backend
            .memoryLedger()
            .register(
                this,
                "cuda buffer of " + length + " " + type.id(),
                length * type.bytes(),
                new Release(backend, pointer),
                backend.captureAllocationSites());
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
    return CudaBackendProvider.ID;
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

  @Override
  public boolean isClosed() {
    return closed || backend.isClosed();
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      cleanable.close();
    }
  }

  @Override
  public String toString() {
    return "cuda buffer of " + length + " " + type.id();
  }
}
