package dev.prims.cpu;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;

/** Runs a body once per chunk index on the backend's own {@link ForkJoinPool}. */
final class CpuParallel implements AutoCloseable {
  /** Work on one chunk. */
  @FunctionalInterface
  interface ChunkBody {
    void run(int chunk);
  }

  private final ForkJoinPool pool;
  private final int threads;

  CpuParallel(int threads) {
    this.threads = threads;
    this.pool = threads > 1 ? new ForkJoinPool(threads, CpuParallel::worker, null, false) : null;
  }

  private static ForkJoinWorkerThread worker(ForkJoinPool pool) {
    ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
    thread.setName("prims-cpu-" + thread.getPoolIndex());
    thread.setDaemon(true);
    return thread;
  }

  int threads() {
    return threads;
  }

  /** Runs {@code body} for every chunk in {@code [0, chunks)}, in parallel when it pays. */
  void forEachChunk(int chunks, ChunkBody body) {
    if (pool == null || chunks <= 1) {
      for (int c = 0; c < chunks; c++) {
        body.run(c);
      }
      return;
    }
    pool.invoke(new Range(body, 0, chunks));
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }

  /** Splits a range of chunk indices in halves down to single chunks. */
  private static final class Range extends RecursiveAction {
    private final ChunkBody body;
    private final int lo;
    private final int hi;

    Range(ChunkBody body, int lo, int hi) {
      this.body = body;
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected void compute() {
      if (hi - lo == 1) {
        body.run(lo);
        return;
      }
      int mid = (lo + hi) >>> 1;
      invokeAll(new Range(body, lo, mid), new Range(body, mid, hi));
    }
  }
}
