package dev.prims.spi;

import java.lang.reflect.Array;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A new Java array of primitives allocated while the caller works on. The JVM zeroes a new array on
 * the thread that allocates it (about 0.1 s for a GiB), so a host-array call that returns a new
 * array and spends that time on a device (keys crossing the link and sorting) allocates a large
 * result on a thread of its own and takes it when it needs it. Small arrays are allocated at once.
 */
public final class ArrayAllocation {
  /** Arrays at least this large are allocated on a thread of their own. */
  public static final long ASYNC_MIN_BYTES = 16L << 20;

  private final Object ready;
  private final FutureTask<Object> pending;

  private ArrayAllocation(Object ready, FutureTask<Object> pending) {
    this.ready = ready;
    this.pending = pending;
  }

  /** Starts allocating an array of {@code length} elements of {@code like}'s component type. */
  public static ArrayAllocation start(Object like, int length) {
    Class<?> component = like.getClass().getComponentType();
    long bytes = (long) length * dev.prims.DType.ofArray(like).bytes();
    if (bytes < ASYNC_MIN_BYTES) {
      return new ArrayAllocation(Array.newInstance(component, length), null);
    }
    FutureTask<Object> task = new FutureTask<>(() -> Array.newInstance(component, length));
    Thread thread = new Thread(task, "prims-array-allocation");
    thread.setDaemon(true);
    thread.start();
    return new ArrayAllocation(null, task);
  }

  /**
   * The array, once allocated; rethrows what the allocation threw ({@link OutOfMemoryError} above
   * all).
   */
  public Object join() {
    if (pending == null) {
      return ready;
    }
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return pending.get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof Error error) {
            throw error;
          }
          if (cause instanceof RuntimeException runtime) {
            throw runtime;
          }
          throw new IllegalStateException(cause);
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
