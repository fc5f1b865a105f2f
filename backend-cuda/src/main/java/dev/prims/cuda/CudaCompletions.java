package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuStreamAddCallback;

import dev.prims.PrimsException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstreamCallback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes the futures of asynchronous calls when the backend's stream reaches them. A host
 * callback ({@code cuStreamAddCallback}: unlike {@code cuLaunchHostFunc} it still runs, with the
 * error, after the stream has failed, so no future is left pending) reads the answer while the
 * stream waits for it, so the shared result slot still holds this call's value; it then hands the
 * completion to one daemon thread of this backend, {@code prims-cuda-complete}, because CUDA
 * forbids API calls on the driver's callback thread and the future's dependent stages may make
 * them. Completions run in stream order.
 */
final class CudaCompletions {
  private static final Logger LOG = LoggerFactory.getLogger(CudaCompletions.class);

  private ExecutorService executor;
  private boolean closed;

  /**
   * A future that completes with {@code read}'s answer once {@code stream} has done the work
   * enqueued before this call (call under the backend's lock, after enqueuing that work). {@code
   * read} runs on the driver's callback thread and must make no CUDA call. A stream error completes
   * the future with the {@link PrimsException} a synchronous call would throw.
   */
  <T> CompletableFuture<T> after(CUstream stream, Supplier<T> read) {
    CompletableFuture<T> future = new CompletableFuture<>();
    cuStreamAddCallback(stream, callback(future, read), null, 0);
    return future;
  }

  /** The stream callback that completes {@code future} with {@code read}'s answer. */
  <T> CUstreamCallback callback(CompletableFuture<T> future, Supplier<T> read) {
    return new Callback<>(future, read, executor());
  }

  private synchronized ExecutorService executor() {
    if (closed) {
      throw new IllegalStateException("the cuda backend is closed");
    }
    if (executor == null) {
      executor =
          Executors.newSingleThreadExecutor(
              r -> {
                Thread t = new CompletionThread(this, r);
                t.setDaemon(true);
                return t;
              });
    }
    return executor;
  }

  /**
   * Lets completions already handed over run, then stops the thread (call once the stream is idle,
   * outside the backend's lock, so that dependent stages may still call the backend). Called from a
   * completion itself it does not wait, since it would wait for itself.
   */
  void close() {
    ExecutorService toStop;
    synchronized (this) {
      closed = true;
      toStop = executor;
      executor = null;
    }
    if (toStop == null) {
      return;
    }
    toStop.shutdown();
    if (Thread.currentThread() instanceof CompletionThread
        && ((CompletionThread) Thread.currentThread()).owner == this) {
      return;
    }
    try {
      if (!toStop.awaitTermination(60, TimeUnit.SECONDS)) {
        LOG.warn("cuda: asynchronous completions still running after 60 s; closing anyway");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The completion thread of one backend. */
  private static final class CompletionThread extends Thread {
    final CudaCompletions owner;

    CompletionThread(CudaCompletions owner, Runnable work) {
      super(work, "prims-cuda-complete");
      this.owner = owner;
    }
  }

  /** Runs on the driver's thread: reads the answer, then completes elsewhere. */
  private static final class Callback<T> implements CUstreamCallback {
    private final CompletableFuture<T> future;
    private final Supplier<T> read;
    private final ExecutorService executor;

    Callback(CompletableFuture<T> future, Supplier<T> read, ExecutorService executor) {
      this.future = future;
      this.read = read;
      this.executor = executor;
    }

    @Override
    public void call(CUstream stream, int status, Object userData) {
      Runnable complete;
      try {
        if (status != CUresult.CUDA_SUCCESS) {
          PrimsException failure =
              new PrimsException(CudaBackendProvider.ID, CUresult.stringFor(status));
          complete = () -> future.completeExceptionally(failure);
        } else {
          T value = read.get();
          complete = () -> future.complete(value);
        }
      } catch (Throwable e) {
        complete = () -> future.completeExceptionally(e);
      }
      try {
        executor.execute(complete);
      } catch (RejectedExecutionException e) {
        Thread late = new Thread(complete, "prims-cuda-complete-late");
        late.setDaemon(true);
        late.start();
      }
    }
  }
}
