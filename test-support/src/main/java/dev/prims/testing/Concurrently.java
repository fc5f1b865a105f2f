package dev.prims.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** Runs work on several threads released at once, for tests of concurrent callers. */
public final class Concurrently {
  private Concurrently() {}

  /**
   * Starts {@code threads} threads that wait for one another, then each returns {@code
   * work.apply(t)} for its index {@code t}; returns their results in index order, waiting {@code
   * seconds} at most for each.
   */
  public static <T> List<T> run(int threads, long seconds, IntFunction<T> work) throws Exception {
    ExecutorService callers = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> submitted = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int index = t;
        submitted.add(
            callers.submit(
                () -> {
                  start.await();
                  return work.apply(index);
                }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> f : submitted) {
        results.add(f.get(seconds, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      callers.shutdownNow();
    }
  }
}
