package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.SortOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * Where the cpu backend's sort and arg-max spend their time on a many-core host: the production
 * calls beside their phases timed apart (allocation, copies, the radix passes with scratch kept, the
 * digit counts), the JDK peers, and arg-max chunk sizes on the backend's pool and on the common
 * pool. In the backend's package for its package-private loops; not part of the build: compiled
 * against prims.jar by hand, run with {@code java -cp prims.jar:probe dev.prims.cpu.CpuHostProbe
 * rounds log2size...}.
 */
public final class CpuHostProbe {
  static volatile long sink;
  static final java.util.concurrent.ForkJoinPool POOL = new java.util.concurrent.ForkJoinPool(Runtime.getRuntime().availableProcessors());
  static final java.util.concurrent.ForkJoinPool SMALLER = new java.util.concurrent.ForkJoinPool(Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
  record Case(String name, Runnable body) {}

  public static void main(String[] args) {
    int rounds = Integer.parseInt(args[0]);
    int threads = Runtime.getRuntime().availableProcessors();
    CpuParallel parallel = new CpuParallel(threads);
    System.out.printf("# %d threads, %s%n", threads, System.getProperty("java.vm.version"));
    try (Prims prims = Prims.create(PrimsConfig.builder().backend("cpu").build())) {
      for (int i = 1; i < args.length; i++) {
        int n = 1 << Integer.parseInt(args[i]);
        int[] mod = new int[n];
        int[] rnd = new int[n];
        IntStream.range(0, n).parallel().forEach(k -> {
          mod[k] = Math.floorMod(ThreadLocalRandom.current().nextInt(), 1000);
          rnd[k] = ThreadLocalRandom.current().nextInt();
        });
        int[] into = new int[n];
        int[] work = new int[n];
        int[] tmp = new int[n];
        DeviceBuffer buf = prims.upload(mod);
        List<Case> cases = new ArrayList<>();
        String only = System.getProperty("probe", "all");
        cases.add(new Case("alloc new int[n]", () -> sink += new int[n].length));
        cases.add(new Case("System.arraycopy", () -> System.arraycopy(mod, 0, into, 0, n)));
        cases.add(new Case("parallel copy, threads chunks", () -> parallel.forEachChunk(threads, c -> {
          int lo = CpuRadixSort.lo(c, threads, n), hi = CpuRadixSort.lo(c + 1, threads, n);
          System.arraycopy(mod, lo, into, lo, hi - lo);
        })));
        cases.add(new Case("clone()", () -> sink += mod.clone().length));
        for (String kind : new String[] {"mod1000", "random"}) {
          int[] src = kind.equals("random") ? rnd : mod;
          cases.add(new Case(kind + " sort: prims new array", () -> sink += prims.sort(src).keys()[n / 2]));
          cases.add(new Case(kind + " sort: prims into caller's", () -> prims.sort(src, into, SortOrder.ASCENDING)));
          cases.add(new Case(kind + " sort: parallel copy + radix passes (tmp kept)", () -> {
            parallel.forEachChunk(threads, c -> {
              int lo = CpuRadixSort.lo(c, threads, n), hi = CpuRadixSort.lo(c + 1, threads, n);
              RadixLoops.toBits(src, work, false, lo, hi);
            });
            sink += new CpuRadixSort(parallel).sort(work, tmp, null, null, 0, 32) ? 1 : 0;
          }));
          cases.add(new Case(kind + " sort: countAll only", () -> {
            int[][] all = new int[threads][1024];
            parallel.forEachChunk(threads, c -> RadixLoops.countAll(src, CpuRadixSort.lo(c, threads, n), CpuRadixSort.lo(c + 1, threads, n), all[c]));
            sink += all[0][5];
          }));
          cases.add(new Case(kind + " sort: clone() + Arrays.parallelSort", () -> {
            int[] c = src.clone();
            Arrays.parallelSort(c);
            sink += c[n / 2];
          }));
        }
        // arg-max layer by layer, in a chunk per worker where it has chunks: the bench's peer
        // loop on the common pool, ArgLoops on the common pool and on the backend's pool, then
        // CpuArgReducer itself (chunks of CpuPolicy.REDUCE_CHUNK) and prims' call
        int share = (n + threads - 1) / threads;
        int[] peerAt = new int[threads];
        cases.add(new Case("argmax L0: peer loop, common pool, " + threads + " chunks", () -> {
          IntStream.range(0, threads).parallel().forEach(c -> peerAt[c] = (int) peerArg(mod, (long) c * n / threads, (long) (c + 1) * n / threads, false));
          sink += peerAt[0];
        }));
        cases.add(new Case("argmax L1: ArgLoops, common pool, " + threads + " chunks", () -> {
          IntStream.range(0, threads).parallel().forEach(c -> peerAt[c] = ArgLoops.argMax(mod, c * share, Math.min(n, (c + 1) * share)));
          sink += peerAt[0];
        }));
        cases.add(new Case("argmax L2: ArgLoops, CpuParallel, " + threads + " chunks", () -> {
          parallel.forEachChunk(threads, c -> peerAt[c] = ArgLoops.argMax(mod, c * share, Math.min(n, (c + 1) * share)));
          sink += peerAt[0];
        }));
        // how the chunks reach the workers: a RecursiveAction tree from an external invoke (the
        // backend's CpuParallel), one submitted task per chunk, or the caller taking chunk 0 while a
        // pool of threads - 1 workers takes the rest (as the common pool's callers do)
        cases.add(new Case("argmax P1: pool, a task per chunk", () -> {
          java.util.concurrent.ForkJoinTask<?>[] tasks = new java.util.concurrent.ForkJoinTask<?>[threads];
          for (int c = 0; c < threads; c++) {
            int cc = c;
            tasks[c] = POOL.submit(() -> { peerAt[cc] = ArgLoops.argMax(mod, cc * share, Math.min(n, (cc + 1) * share)); });
          }
          for (java.util.concurrent.ForkJoinTask<?> t : tasks) {
            t.join();
          }
          sink += peerAt[0];
        }));
        cases.add(new Case("argmax P2: caller takes chunk 0, pool of threads-1 the rest", () -> {
          java.util.concurrent.ForkJoinTask<?> rest = SMALLER.submit(() -> IntStream.range(1, threads).parallel().forEach(c -> peerAt[c] = ArgLoops.argMax(mod, c * share, Math.min(n, (c + 1) * share))));
          peerAt[0] = ArgLoops.argMax(mod, 0, Math.min(n, share));
          rest.join();
          sink += peerAt[0];
        }));
        CpuArgReducer reducer = new CpuArgReducer(parallel);
        cases.add(new Case("argmax L4: CpuArgReducer.argReduce", () -> sink += reducer.argReduce(buf, ReduceOp.MAX, new dev.prims.spi.CallContext(null, dev.prims.Determinism.FAST)).index()));
        cases.add(new Case("argmax L5: prims buffer", () -> sink += prims.argReduce(buf, ReduceOp.MAX).index()));
        CpuBuffer cb = new CpuBuffer(DType.INT, mod);
        cases.add(new Case("argmax: CpuChunkWalk.map winner", () -> {
          dev.prims.spi.IndexedValue best = null;
          for (dev.prims.spi.IndexedValue v : CpuChunkWalk.map(parallel, cb, (array, from, to, first) -> CpuArgReducer.chunkWinner(array, from, to, first, false))) {
            best = dev.prims.spi.ArgOrder.better(best, v, ReduceOp.MAX);
          }
          sink += best.index();
        }));
        cases.add(new Case("argmax: CpuChunkWalk.map int only", () -> {
          long b = 0;
          for (Integer v : CpuChunkWalk.map(parallel, cb, (array, from, to, first) -> ArgLoops.argMax((int[]) array, from, to))) {
            b += v;
          }
          sink += b;
        }));
        cases.add(new Case("argmax: prims int[]", () -> sink += prims.argReduce(mod, ReduceOp.MAX).index()));
        for (int chunk : new int[] {1 << 16, 1 << 18, n / threads}) {
          int chunks = (n + chunk - 1) / chunk;
          int[] at = new int[chunks];
          cases.add(new Case("argmax: CpuParallel chunks " + chunk, () -> {
            parallel.forEachChunk(chunks, c -> at[c] = ArgLoops.argMax(mod, c * chunk, Math.min(n, (c + 1) * chunk)));
            sink += at[0];
          }));
          cases.add(new Case("argmax: common-pool stream chunks " + chunk, () -> {
            IntStream.range(0, chunks).parallel().forEach(c -> at[c] = ArgLoops.argMax(mod, c * chunk, Math.min(n, (c + 1) * chunk)));
            sink += at[0];
          }));
        }
        cases.removeIf(c -> !only.equals("all") && !c.name.startsWith(only));
        run("2^" + args[i], n, cases, rounds);
        buf.close();
      }
    }
    parallel.close();
  }

  /** The bench's peer loop (app's ArgMomentsPeers.argOfChunk for ints). */
  static long peerArg(Object values, long from, long to, boolean min) {
    int lo = (int) from;
    int hi = (int) to;
    int at = lo;
    int[] a = (int[]) values;
    int v = a[lo];
    for (int i = lo + 1; i < hi; i++) {
      if (min ? a[i] < v : a[i] > v) {
        v = a[i];
        at = i;
      }
    }
    return at;
  }

  /**
   * Runs every case three times, then {@code rounds} interleaved rounds of all of them, and prints
   * each case's best and median time and the best as GB/s of {@code n} 4-byte elements.
   */
  static void run(String size, int n, List<Case> cases, int rounds) {
    double[][] ms = new double[cases.size()][rounds];
    for (int warm = 0; warm < 3; warm++) {
      for (Case c : cases) {
        c.body.run();
      }
    }
    for (int r = 0; r < rounds; r++) {
      for (int i = 0; i < cases.size(); i++) {
        long t0 = System.nanoTime();
        cases.get(i).body.run();
        ms[i][r] = (System.nanoTime() - t0) / 1e6;
      }
    }
    for (int i = 0; i < cases.size(); i++) {
      double[] t = ms[i].clone();
      Arrays.sort(t);
      System.out.printf(Locale.ROOT, "%-6s %-58s best %9.4f ms  median %9.4f ms  %7.1f GB/s%n",
          size, cases.get(i).name, t[0], t[t.length / 2], 4.0 * n / t[0] / 1e6);
    }
  }
}
