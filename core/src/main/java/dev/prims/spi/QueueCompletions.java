package dev.prims.spi;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes the futures of a backend's asynchronous calls ({@link Backend#asyncPath}) in the order
 * they were enqueued on its stream or queue. One daemon thread, {@code prims-ID-wait}, waits for
 * each call's point in the stream (a CUDA or OpenCL event), reads the call's answer and releases
 * what the call held; it never takes the backend's lock and never runs user code. A second daemon
 * thread, {@code prims-ID-complete}, completes the futures, so their dependent stages run there, in
 * stream order, and may call the backend. A stage that must wait for a later asynchronous call of
 * the same backend should be attached with an {@code *Async} method, since it would otherwise wait
 * for the thread it runs on.
 *
 * <p>No driver callback is involved: the waiting thread blocks in the driver's wait for an event.
 */
public final class QueueCompletions {
  private static final Logger LOG = LoggerFactory.getLogger(QueueCompletions.class);

  private final String backendId;
  private final Runnable waitThreadSetup;
  private final UnaryOperator<RuntimeException> failure;
  private final BlockingQueue<Pending<?>> pending = new LinkedBlockingQueue<>();
  private Thread waiter;
  private ExecutorService completer;
  private boolean closed;

  /**
   * Completions of backend {@code backendId}. {@code waitThreadSetup} runs once on the waiting
   * thread first (for example to make a CUDA context current); {@code failure} turns an exception
   * of a wait or a read into the one a synchronous call would throw (for example a driver's
   * exception into a {@link dev.prims.PrimsException}).
   */
  public QueueCompletions(
      String backendId, Runnable waitThreadSetup, UnaryOperator<RuntimeException> failure) {
    this.backendId = backendId;
    this.waitThreadSetup = waitThreadSetup;
    this.failure = failure;
  }

  /** The name of the thread that waits for the events of backend {@code backendId}. */
  public static String waitThread(String backendId) {
    return "prims-" + backendId + "-wait";
  }

  /** The name of the thread that completes the futures of backend {@code backendId}. */
  public static String completeThread(String backendId) {
    return "prims-" + backendId + "-complete";
  }

  /**
   * A future that completes with {@code read}'s answer once {@code await} returns ({@code await}
   * blocks until the stream has reached the call and throws if the stream failed). {@code release}
   * runs after the read, whether the wait and the read succeeded or not. Call in stream order
   * (under the backend's lock, right after enqueuing the call's work).
   *
   * @throws IllegalStateException after {@link #close}
   */
  public synchronized <T> CompletableFuture<T> submit(
      Runnable await, Supplier<T> read, Runnable release) {
    if (closed) {
      throw new IllegalStateException("the " + backendId + " backend is closed");
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
              Thread t = new Thread(r, completeThread(backendId));
              t.setDaemon(true);
              return t;
            });
    ExecutorService completions = completer;
    waiter = new Thread(() -> waitInOrder(completions), waitThread(backendId));
    waiter.setDaemon(true);
    waiter.start();
  }

  private void waitInOrder(ExecutorService completions) {
    try {
      waitThreadSetup.run();
    } catch (RuntimeException e) {
      LOG.error("{}: the completion thread could not be set up", backendId, e);
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
      completions.execute(call.finish(failure));
    }
  }

  /**
   * Completes every call submitted so far, then stops both threads. The waiting thread is joined
   * (call with the stream idle, so that it has nothing left to wait for); the completions handed to
   * the completing thread are then awaited, unless called from that thread, which would wait for
   * itself. Call outside the backend's lock, since dependent stages may take it.
   */
  public void close() {
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
    if (!Thread.currentThread().getName().equals(completeThread(backendId))) {
      try {
        if (!toStop.awaitTermination(60, TimeUnit.SECONDS)) {
          LOG.warn("{}: asynchronous completions still running after 60 s", backendId);
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
    Runnable finish(UnaryOperator<RuntimeException> failure) {
      try {
        await.run();
        T value = read.get();
        return () -> future.complete(value);
      } catch (RuntimeException e) {
        RuntimeException thrown = failure.apply(e);
        return () -> future.completeExceptionally(thrown);
      } catch (Error e) {
        return () -> future.completeExceptionally(e);
      } finally {
        release.run();
      }
    }
  }
}
