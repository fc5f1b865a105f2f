package dev.prims.engine;

import java.time.Duration;

/**
 * Counts an engine's calls in flight so that {@link #closeAndAwait} can refuse new calls and wait
 * for those already running. A call is admitted while the gate is open, or at any time on a thread
 * that is already inside an admitted call (a call's own nested calls, an asynchronous call's work
 * on the pool); an asynchronous call is admitted when it is submitted and leaves when its work
 * ends.
 */
final class CallGate {
  /** The message of calls refused after close. */
  static final String CLOSED = "the prims engine is closed; new calls are refused";

  private final ThreadLocal<int[]> depth = ThreadLocal.withInitial(() -> new int[1]);
  private int inFlight;
  private boolean closed;

  /**
   * Admits a call that the current thread runs now.
   *
   * @throws IllegalStateException when the gate is closed and this thread is in no admitted call
   */
  void enter() {
    admit();
    depth.get()[0]++;
  }

  /** Ends a call admitted by {@link #enter()} on this thread. */
  void exit() {
    depth.get()[0]--;
    leave();
  }

  /**
   * Admits a call whose work runs later (on another thread, through {@link #adopt}); it counts as
   * in flight until that work ends.
   *
   * @throws IllegalStateException when the gate is closed and this thread is in no admitted call
   */
  synchronized void admit() {
    if (closed && depth.get()[0] == 0) {
      throw new IllegalStateException(CLOSED);
    }
    inFlight++;
  }

  /** Runs {@code work}, admitted earlier by {@link #admit()}, on this thread; then it leaves. */
  <T> T adopt(java.util.function.Supplier<T> work) {
    depth.get()[0]++;
    try {
      return work.get();
    } finally {
      depth.get()[0]--;
      leave();
    }
  }

  private synchronized void leave() {
    inFlight--;
    notifyAll();
  }

  synchronized boolean isClosed() {
    return closed;
  }

  /**
   * Refuses new calls and waits, at most {@code timeout}, until no call is in flight but the
   * current thread's own. Returns the number of calls still in flight (0 when all finished).
   */
  synchronized int closeAndAwait(Duration timeout) {
    closed = true;
    int own = depth.get()[0];
    long deadline = System.nanoTime() + timeout.toNanos();
    boolean interrupted = false;
    try {
      while (inFlight > own) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        try {
          java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
          interrupted = true;
          break;
        }
      }
      return inFlight - own;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
