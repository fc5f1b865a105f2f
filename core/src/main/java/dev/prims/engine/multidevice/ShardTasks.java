package dev.prims.engine.multidevice;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Runs one task per shard at once: shard 0 on the calling thread, the others on daemon threads of
 * their own, so each device is driven by its own host thread. The first failure (in shard order) is
 * rethrown as it was thrown.
 */
final class ShardTasks implements AutoCloseable {
  private static final AtomicInteger POOLS = new AtomicInteger();
  private final ExecutorService pool;

  ShardTasks(String backendId) {
    int number = POOLS.incrementAndGet();
    AtomicInteger threads = new AtomicInteger();
    pool =
        Executors.newCachedThreadPool(
            task -> {
              Thread t =
                  new Thread(
                      task,
                      "prims-"
                          + backendId
                          + "-devices-"
                          + number
                          + "-"
                          + threads.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  /** Runs {@code task} for shards {@code 0 .. shards - 1} at once; the results in shard order. */
  <T> List<T> map(int shards, IntFunction<T> task) {
    if (shards == 0) {
      return List.of();
    }
    List<Future<T>> others = new ArrayList<>();
    for (int i = 1; i < shards; i++) {
      int shard = i;
      others.add(pool.submit(() -> task.apply(shard)));
    }
    List<T> results = new ArrayList<>(shards);
    RuntimeException failure = null;
    try {
      results.add(task.apply(0));
    } catch (RuntimeException e) {
      failure = e;
    }
    for (Future<T> f : others) {
      try {
        results.add(f.get());
      } catch (ExecutionException e) {
        failure = failure != null ? failure : unwrap(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failure = failure != null ? failure : new CompletionException(e);
      }
    }
    if (failure != null) {
      throw failure;
    }
    return results;
  }

  /** Runs {@code task} for every shard at once. */
  void forEach(int shards, java.util.function.IntConsumer task) {
    map(
        shards,
        i -> {
          task.accept(i);
          return null;
        });
  }

  private static RuntimeException unwrap(Throwable cause) {
    if (cause instanceof RuntimeException r) {
      return r;
    }
    if (cause instanceof Error e) {
      throw e;
    }
    return new CompletionException(cause);
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
