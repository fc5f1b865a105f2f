import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;

/**
 * The dispatch of a parallel sum of 2^16..2^24 ints, best of 2000 calls in microseconds:
 * IntStream.parallel().sum() against a private ForkJoinPool's invoke over c chunks with blocking
 * joins (RecursiveAction, as CpuParallel had), without them (CountedCompleter, as CpuParallel has
 * now), the common pool, and the task run in the calling thread.
 *
 * <pre>
 * javac --release 17 -d /tmp/fj tools/cpu-experiments/FjDispatch.java
 * java -cp /tmp/fj FjDispatch
 * </pre>
 */
public class FjDispatch {
  static int[] a;
  static long[] partial;

  static final class Range extends RecursiveAction {
    final int lo, hi, chunk;
    Range(int lo, int hi, int chunk) { this.lo = lo; this.hi = hi; this.chunk = chunk; }
    @Override protected void compute() {
      if (hi - lo == 1) {
        int from = lo * chunk, to = Math.min(a.length, from + chunk);
        long s = 0;
        for (int i = from; i < to; i++) s += a[i];
        partial[lo] = s;
        return;
      }
      int mid = (lo + hi) >>> 1;
      invokeAll(new Range(lo, mid, chunk), new Range(mid, hi, chunk));
    }
  }

  /** Splits [lo, hi) in halves, forking the right half, running the left; completes without joins. */
  static final class Spread extends java.util.concurrent.CountedCompleter<Void> {
    final int lo, hi, chunk;
    Spread(java.util.concurrent.CountedCompleter<?> parent, int lo, int hi, int chunk) { super(parent); this.lo = lo; this.hi = hi; this.chunk = chunk; }
    @Override public void compute() {
      int l = lo, h = hi;
      while (h - l > 1) {
        int mid = (l + h) >>> 1;
        addToPendingCount(1);
        new Spread(this, mid, h, chunk).fork();
        h = mid;
      }
      int from = l * chunk, to = Math.min(a.length, from + chunk);
      long s = 0;
      for (int i = from; i < to; i++) s += a[i];
      partial[l] = s;
      tryComplete();
    }
  }

  static long completed(ForkJoinPool pool, int chunks) {
    int chunk = (a.length + chunks - 1) / chunks;
    partial = new long[chunks];
    pool.invoke(new Spread(null, 0, chunks, chunk));
    long s = 0;
    for (long p : partial) s += p;
    return s;
  }

  static long pooled(ForkJoinPool pool, int chunks) {
    int chunk = (a.length + chunks - 1) / chunks;
    partial = new long[chunks];
    pool.invoke(new Range(0, chunks, chunk));
    long s = 0;
    for (long p : partial) s += p;
    return s;
  }

  static double best(java.util.function.LongSupplier f) {
    long best = Long.MAX_VALUE, sink = 0;
    for (int r = 0; r < 3000; r++) {
      long t0 = System.nanoTime();
      sink += f.getAsLong();
      long t = System.nanoTime() - t0;
      if (r > 1000) best = Math.min(best, t);
    }
    if (sink == 42) System.out.println();
    return best / 1e3;
  }

  public static void main(String[] args) {
    int threads = Runtime.getRuntime().availableProcessors();
    ForkJoinPool pool = new ForkJoinPool(threads);
    ForkJoinPool poolLess = new ForkJoinPool(Math.max(1, threads - 1));
    for (int log2 : new int[] {16, 18, 20, 22, 24}) {
      a = new java.util.SplittableRandom(1).ints(1 << log2, 0, 256).toArray();
      StringBuilder line = new StringBuilder("2^" + log2 + " us:");
      line.append(String.format(" stream %.1f", best(() -> IntStream.of(a).parallel().sum())));
      for (int c : new int[] {threads, 4 * threads, 16 * threads}) {
        final int cc = c;
        line.append(String.format(" pool/%d %.1f", c, best(() -> pooled(pool, cc))));
      }
      for (int c : new int[] {threads, 4 * threads}) {
        final int cc = c;
        line.append(String.format(" completer/%d %.1f", c, best(() -> completed(pool, cc))));
      }
      line.append(String.format(" common/%d %.1f", 4 * threads, best(() -> pooled(ForkJoinPool.commonPool(), 4 * threads))));
      line.append(String.format(" task-in-caller/%d %.1f", 4 * threads, best(() -> { int chunk = (a.length + 4 * threads - 1) / (4 * threads); partial = new long[4 * threads]; new Range(0, 4 * threads, chunk).invoke(); long s = 0; for (long p : partial) s += p; return s; })));
      System.out.println(line);
    }
  }
}
