package dev.prims.cuda;

import dev.prims.PrimsException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import jcuda.CudaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes the futures of asynchronous calls in the order they were enqueued. One daemon thread
 * per backend, {@code prims-cuda-wait}, waits for each call's point in the stream (an event), reads
 * the call's answer and gives its result slot back; it never takes the backend's lock and never
 * runs user code. A second daemon thread, {@code prims-cuda-complete}, completes the futures, so
 * their dependent stages run there, in stream order, and may call the backend. A stage that must
 * wait for a later asynchronous call of the same backend should be attached with an {@code *Async}
 * method, since it would otherwise wait for the thread it runs on.
 *
 * <p>No driver callback is involved: the waiting thread blocks in {@code cuEventSynchronize}.
 */
final class CudaCompletions {
  private static final Logger LOG = LoggerFactory.getLogger(CudaCompletions.class);
  static final String WAIT_THREAD = "prims-cuda-wait";
  static final String COMPLETE_THREAD = "prims-cuda-complete";

  private final Runnable waitThreadSetup;
  private final BlockingQueue<Pending<?>> pending = new LinkedBlockingQueue<>();
  private Thread waiter;
  private ExecutorService completer;
  private boolean closed;

  /** {@code waitThreadSetup} runs once on the waiting thread first (makes the context current). */
  CudaCompletions(Runnable waitThreadSetup) {
    this.waitThreadSetup = waitThreadSetup;
  }

  /**
   * A future that completes with {@code read}'s answer once {@code await} returns (it blocks until
   * the stream has reached the call; a {@link CudaException} from it means the stream failed).
   * {@code release} runs after the read, success or not. Call in stream order (under the backend's
   * lock, right after enqueuing the call's work).
   *
   * @throws IllegalStateException after {@link #close}
   */
  synchronized <T> CompletableFuture<T> submit(Runnable await, Supplier<T> read, Runnable release) {
    if (closed) {
      throw new IllegalStateException("the cuda backend is closed");
    }
    if (waiter == null) {
      start();
    }
    Pending<T> call = new Pending<>(await, read, release);
    pending.add(call);
    return call.future;
  }

  private void start() {
    completer =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, COMPLETE_THREAD);
              t.setDaemon(true);
              return t;
            });
    ExecutorService completions = completer;
    waiter = new Thread(() -> waitInOrder(completions), WAIT_THREAD);
    waiter.setDaemon(true);
    waiter.start();
  }

  private void waitInOrder(ExecutorService completions) {
    try {
      waitThreadSetup.run();
    } catch (RuntimeException e) {
      LOG.error("cuda: the completion thread cannot make the context current", e);
    }
    while (true) {
      Pending<?> call;
      try {
        call = pending.take();
      } catch (InterruptedException e) {
        continue; // only close() ends the loop, after every call was handled
      }
      if (call.isEnd()) {
        return;
      }
      completions.execute(call.finish());
    }
  }

  /**
   * Completes every call submitted so far, then stops both threads. The waiting thread is joined
   * (call with the stream idle, so that it has nothing left to wait for); the completions handed to
   * the completing thread are then awaited, unless called from that thread, which would wait for
   * itself. Call outside the backend's lock, since dependent stages may take it.
   */
  void close() {
    Thread toJoin;
    ExecutorService toStop;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      toJoin = waiter;
      toStop = completer;
      if (toJoin == null) {
        return;
      }
      pending.add(Pending.end());
    }
    boolean interrupted = false;
    while (toJoin.isAlive()) {
      try {
        toJoin.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    toStop.shutdown();
    if (!Thread.currentThread().getName().equals(COMPLETE_THREAD)) {
      try {
        if (!toStop.awaitTermination(60, TimeUnit.SECONDS)) {
          LOG.warn("cuda: asynchronous completions still running after 60 s; closing anyway");
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** One submitted call. */
  private static final class Pending<T> {
    final CompletableFuture<T> future = new CompletableFuture<>();
    final Runnable await;
    final Supplier<T> read;
    final Runnable release;

    Pending(Runnable await, Supplier<T> read, Runnable release) {
      this.await = await;
      this.read = read;
      this.release = release;
    }

    static Pending<Void> end() {
      return new Pending<>(null, null, null);
    }

    boolean isEnd() {
      return await == null;
    }

    /** Waits and reads (on the waiting thread); returns what completes the future. */
    Runnable finish() {
      try {
        await.run();
        T value = read.get();
        return () -> future.complete(value);
      } catch (CudaException e) {
        PrimsException failure = new PrimsException(CudaBackendProvider.ID, e.getMessage(), e);
        return () -> future.completeExceptionally(failure);
      } catch (RuntimeException | Error e) {
        return () -> future.completeExceptionally(e);
      } finally {
        release.run();
      }
    }
  }
}
