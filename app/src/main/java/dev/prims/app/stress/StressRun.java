package dev.prims.app.stress;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Many threads calling one engine with random {@link StressCase}s for a fixed time, counting calls,
 * wrong answers and failures (exceptions) per backend, and keeping the first problems.
 */
final class StressRun {
  /** Problems kept for the report; the counts include all of them. */
  static final int KEPT_PROBLEMS = 20;

  private final StressCase cases;
  private final List<String> backends;
  private final Map<String, LongAdder> calls = new ConcurrentHashMap<>();
  private final LongAdder wrong = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final Queue<String> problems = new ConcurrentLinkedQueue<>();

  StressRun(StressCase cases, List<String> backends) {
    this.cases = cases;
    this.backends = List.copyOf(backends);
    backends.forEach(b -> calls.put(b, new LongAdder()));
  }

  /** Runs {@code threads} threads for {@code nanos} nanoseconds, thread t seeded with seed + t. */
  void run(int threads, long nanos, long seed) throws InterruptedException {
    long deadline = System.nanoTime() + nanos;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> futures = new java.util.ArrayList<>();
      for (int t = 0; t < threads; t++) {
        SplittableRandom random = new SplittableRandom(seed + t);
        futures.add(pool.submit(() -> loop(random, deadline)));
      }
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (java.util.concurrent.ExecutionException e) {
          failed.increment();
          keep("a stress thread died: " + e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
      pool.awaitTermination(1, TimeUnit.MINUTES);
    }
  }

  private void loop(SplittableRandom random, long deadline) {
    while (System.nanoTime() < deadline) {
      String backend = backends.get(random.nextInt(backends.size()));
      calls.get(backend).increment();
      SplittableRandom callRandom = random.split();
      try {
        StressCase.Result result = cases.run(backend, callRandom);
        if (result.error() != null) {
          wrong.increment();
          keep("WRONG " + result.call() + ": " + result.error());
        }
      } catch (RuntimeException | LinkageError e) {
        failed.increment();
        keep("FAILED " + dev.prims.engine.FailureMessages.describe(e, "a stress call"));
      }
    }
  }

  private void keep(String problem) {
    if (problems.size() < KEPT_PROBLEMS) {
      problems.add(problem);
    }
  }

  /** Calls made per backend, by id. */
  Map<String, Long> callsByBackend() {
    Map<String, Long> result = new TreeMap<>();
    calls.forEach((id, n) -> result.put(id, n.sum()));
    return result;
  }

  long totalCalls() {
    return calls.values().stream().mapToLong(LongAdder::sum).sum();
  }

  long wrong() {
    return wrong.sum();
  }

  long failed() {
    return failed.sum();
  }

  /** The first problems, in the order they were seen. */
  List<String> problems() {
    return List.copyOf(problems);
  }
}
