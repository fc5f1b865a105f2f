package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jocl.CL;
import org.jocl.cl_mem;

/**
 * A {@link DeviceBuffer} on one {@code cl_mem}. {@link #close()} releases it; a {@link Cleaner}
 * releases it too if the buffer becomes unreachable while still open.
 */
final class OpenClBuffer implements DeviceBuffer {
  private static final Cleaner CLEANER = Cleaner.create();

  private final DType type;
  private final long length;
  private final Release release;
  private final Cleaner.Cleanable cleanable;

  OpenClBuffer(DType type, long length, cl_mem mem) {
    this.type = type;
    this.length = length;
    this.release = new Release(mem);
    this.cleanable = CLEANER.register(this, release);
  }

  /** The memory object; throws if closed. */
  cl_mem mem() {
    requireOpen();
    return release.mem;
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
    return release.released.get();
  }

  @Override
  public void close() {
    cleanable.clean();
  }

  @Override
  public String toString() {
    return "OpenClBuffer[" + length + " " + type.id() + (isClosed() ? ", closed]" : "]");
  }

  private static final class Release implements Runnable {
    private final cl_mem mem;
    private final AtomicBoolean released = new AtomicBoolean();

    Release(cl_mem mem) {
      this.mem = mem;
    }

    @Override
    public void run() {
      if (released.compareAndSet(false, true)) {
        CL.clReleaseMemObject(mem);
      }
    }
  }
}
