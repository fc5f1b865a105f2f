package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Where the cpu backend's integer arg-max, small-segment sums and in-place scans lose to the JDK
 * on a many-core host: the production calls (through {@link Prims} on cpu buffers or arrays), the
 * JDK peers of {@code prims bench}, and candidate loops written here over the same fork-join chunk
 * walk as the backend, timed in interleaved rounds (best and median of each, {@link
 * CpuHostProbe#run}). Not part of the build: compiled with CpuHostProbe.java against prims.jar by
 * hand, run with {@code java -cp prims.jar:probe dev.prims.cpu.CpuLoopsProbe [rounds [log2 sizes,
 * comma-separated]]}.
 */
public final class CpuLoopsProbe {
  static final int THREADS = Runtime.getRuntime().availableProcessors();
  static final ForkJoinPool POOL = new ForkJoinPool(THREADS);
  static volatile long sink;

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 21;
    System.out.printf("# %d threads, %d rounds, %s%n", THREADS, rounds, System.getProperty("java.vm.version"));
    try (Prims prims = Prims.create(PrimsConfig.builder().backend("cpu").build())) {
      int[] sizes = args.length > 1 ? Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray() : new int[] {24, 28};
      for (int log2 : sizes) {
        int n = 1 << log2;
        int[] ints = new int[n];
        float[] floats = new float[n];
        fill(ints, floats);
        DeviceBuffer intBuf = prims.upload(ints);
        DeviceBuffer floatBuf = prims.upload(floats);
        int[] offsets64 = offsets(n, 64);
        int[] offsets4096 = offsets(n, 4096);
        DeviceBuffer off64 = prims.upload(offsets64);
        DeviceBuffer off4096 = prims.upload(offsets4096);
        DeviceBuffer out64 = prims.allocate(DType.INT, offsets64.length - 1);
        DeviceBuffer out4096 = prims.allocate(DType.INT, offsets4096.length - 1);
        DeviceBuffer fout64 = prims.allocate(DType.FLOAT, offsets64.length - 1);
        int[] segOut = new int[offsets64.length - 1];
        List<CpuHostProbe.Case> cases = new ArrayList<>();
        cases.add(new CpuHostProbe.Case("sum int: IntStream.parallel().sum()", () -> sink = IntStream.of(ints).parallel().sum()));
        cases.add(new CpuHostProbe.Case("sum int: prims cpu buffer", () -> sink = prims.reduce(intBuf, ReduceOp.SUM).asInt()));
        for (int chunk : new int[] {1 << 16, 1 << 18, 1 << 20}) {
          cases.add(new CpuHostProbe.Case("sum int: fj chunks " + chunk, () -> sink = sumChunks(ints, chunk)));
        }
        cases.add(new CpuHostProbe.Case("sum float: prims cpu buffer", () -> sink = (long) prims.reduce(floatBuf, ReduceOp.SUM).asFloat()));
        cases.add(new CpuHostProbe.Case("argmax int: hand-chunked (" + THREADS + " chunks)", () -> sink = handChunkedArgMax(ints, THREADS)));
        cases.add(new CpuHostProbe.Case("argmax int: prims cpu buffer", () -> sink = prims.argReduce(intBuf, ReduceOp.MAX).index()));
        for (int chunk : new int[] {1 << 16, 1 << 18, 1 << 20}) {
          cases.add(new CpuHostProbe.Case("argmax int: fj chunks plain " + chunk, () -> sink = argMaxChunks(ints, chunk, false)));
          cases.add(new CpuHostProbe.Case("argmax int: fj chunks max-then-find " + chunk, () -> sink = argMaxChunks(ints, chunk, true)));
        }
        cases.add(new CpuHostProbe.Case("argmax float: hand-chunked (" + THREADS + " chunks)", () -> sink = handChunkedArgMax(floats, THREADS)));
        cases.add(new CpuHostProbe.Case("argmax float: prims cpu buffer", () -> sink = prims.argReduce(floatBuf, ReduceOp.MAX).index()));
        cases.add(new CpuHostProbe.Case("segsum-64 int: prims cpu buffer", () -> prims.segments(off64).reduce(intBuf, out64, ReduceOp.SUM)));
        cases.add(new CpuHostProbe.Case("segsum-4096 int: prims cpu buffer", () -> prims.segments(off4096).reduce(intBuf, out4096, ReduceOp.SUM)));
        cases.add(new CpuHostProbe.Case("segsum-64 float: prims cpu buffer", () -> prims.segments(off64).reduce(floatBuf, fout64, ReduceOp.SUM)));
        for (int variant = 0; variant < 4; variant++) {
          int v = variant;
          cases.add(new CpuHostProbe.Case("segsum-64 int: fj chunks 65536 loop " + SEG_LOOPS[v], () -> segSums(ints, offsets64, segOut, 1 << 16, v)));
        }
        if (log2 <= 24) {
          int[] scanInts = ints.clone();
          long[] scanLongs = new long[n];
          for (int i = 0; i < n; i++) {
            scanLongs[i] = ints[i];
          }
          cases.add(new CpuHostProbe.Case("scan in place int: Arrays.parallelPrefix", () -> Arrays.parallelPrefix(scanInts, Integer::sum)));
          cases.add(new CpuHostProbe.Case("scan in place int: prims cpu array", () -> prims.scan(scanInts, scanInts, ReduceOp.SUM, ScanKind.INCLUSIVE)));
          cases.add(new CpuHostProbe.Case("scan in place long: Arrays.parallelPrefix", () -> Arrays.parallelPrefix(scanLongs, Long::sum)));
          cases.add(new CpuHostProbe.Case("scan in place long: prims cpu array", () -> prims.scan(scanLongs, scanLongs, ReduceOp.SUM, ScanKind.INCLUSIVE)));
          for (int chunk : new int[] {1 << 14, 1 << 15, 1 << 16}) {
            cases.add(new CpuHostProbe.Case("scan in place int: chained chunks " + chunk, () -> chainedScan(scanInts, chunk)));
          }
        }
        CpuHostProbe.run("2^" + log2, n, cases, rounds);
        for (DeviceBuffer b : new DeviceBuffer[] {intBuf, floatBuf, off64, off4096, out64, out4096, fout64}) {
          b.close();
        }
      }
    }
    POOL.shutdown();
  }

  static void fill(int[] ints, float[] floats) {
    IntStream.range(0, ints.length).parallel().forEach(i -> {
      ints[i] = ThreadLocalRandom.current().nextInt();
      floats[i] = ThreadLocalRandom.current().nextFloat() * 2 - 1;
    });
  }

  static int[] offsets(int n, int length) {
    int segments = (n - 1) / length + 1;
    int[] o = new int[segments + 1];
    for (int s = 1; s <= segments; s++) {
      o[s] = (int) Math.min(n, (long) s * length);
    }
    return o;
  }

  /** Every chunk once on the pool, as the backend's chunk walk does. */
  static void forEachChunk(int chunks, IntConsumer body) {
    POOL.submit(() -> IntStream.range(0, chunks).parallel().forEach(body)).join();
  }

  static long sumChunks(int[] a, int chunk) {
    int chunks = (a.length + chunk - 1) / chunk;
    int[] part = new int[chunks];
    forEachChunk(chunks, c -> {
      int s = 0;
      for (int i = c * chunk, end = Math.min(a.length, i + chunk); i < end; i++) {
        s += a[i];
      }
      part[c] = s;
    });
    int s = 0;
    for (int p : part) {
      s += p;
    }
    return s;
  }

  static long handChunkedArgMax(int[] a, int chunks) {
    int n = a.length;
    long[] best = new long[chunks];
    IntStream.range(0, chunks).parallel().forEach(c -> best[c] = plainArgMax(a, (int) (c * (long) n / chunks), (int) ((c + 1) * (long) n / chunks)));
    long w = best[0];
    for (int c = 1; c < chunks; c++) {
      if (a[(int) best[c]] > a[(int) w]) {
        w = best[c];
      }
    }
    return w;
  }

  static long handChunkedArgMax(float[] a, int chunks) {
    int n = a.length;
    long[] best = new long[chunks];
    IntStream.range(0, chunks).parallel().forEach(c -> {
      int from = (int) (c * (long) n / chunks);
      int to = (int) ((c + 1) * (long) n / chunks);
      float v = a[from];
      int at = from;
      for (int i = from + 1; i < to; i++) {
        if (a[i] > v) {
          v = a[i];
          at = i;
        }
      }
      best[c] = at;
    });
    long w = best[0];
    for (int c = 1; c < chunks; c++) {
      if (a[(int) best[c]] > a[(int) w]) {
        w = best[c];
      }
    }
    return w;
  }

  static int plainArgMax(int[] a, int from, int to) {
    int best = a[from];
    int at = from;
    for (int i = from + 1; i < to; i++) {
      if (a[i] > best) {
        best = a[i];
        at = i;
      }
    }
    return at;
  }

  /** The maximum by a vectorizable reduction, then the first index holding it. */
  static int maxThenFind(int[] a, int from, int to) {
    int best = Integer.MIN_VALUE;
    for (int i = from; i < to; i++) {
      best = Math.max(best, a[i]);
    }
    for (int i = from; ; i++) {
      if (a[i] == best) {
        return i;
      }
    }
  }

  static long argMaxChunks(int[] a, int chunk, boolean maxThenFind) {
    int chunks = (a.length + chunk - 1) / chunk;
    int[] at = new int[chunks];
    forEachChunk(chunks, c -> {
      int from = c * chunk;
      int to = Math.min(a.length, from + chunk);
      at[c] = maxThenFind ? maxThenFind(a, from, to) : plainArgMax(a, from, to);
    });
    int w = at[0];
    for (int c = 1; c < chunks; c++) {
      if (a[at[c]] > a[w]) {
        w = at[c];
      }
    }
    return w;
  }

  static final String[] SEG_LOOPS = {"plain", "4 accumulators", "8 accumulators", "plain below 128 else 8"};

  /** Sums of segments that start in each chunk (the bench's segments never cross a chunk). */
  static void segSums(int[] a, int[] offsets, int[] out, int chunk, int loop) {
    int chunks = (a.length + chunk - 1) / chunk;
    int segments = offsets.length - 1;
    forEachChunk(chunks, c -> {
      int lo = c * chunk;
      int hi = Math.min(a.length, lo + chunk);
      int s = firstAtOrAfter(offsets, segments, lo);
      for (; s < segments && offsets[s] < hi; s++) {
        int from = offsets[s];
        int to = offsets[s + 1];
        out[s] = switch (loop) {
          case 0 -> plainSum(a, from, to);
          case 1 -> sum4(a, from, to);
          case 2 -> sum8(a, from, to);
          default -> to - from < 128 ? plainSum(a, from, to) : sum8(a, from, to);
        };
      }
    });
  }

  static int firstAtOrAfter(int[] offsets, int segments, int pos) {
    int lo = 0;
    int hi = segments;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (offsets[mid] < pos) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  static int plainSum(int[] a, int from, int to) {
    int s = 0;
    for (int i = from; i < to; i++) {
      s += a[i];
    }
    return s;
  }

  static int sum4(int[] a, int from, int to) {
    int s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int i = from;
    for (; i + 3 < to; i += 4) {
      s0 += a[i];
      s1 += a[i + 1];
      s2 += a[i + 2];
      s3 += a[i + 3];
    }
    for (; i < to; i++) {
      s0 += a[i];
    }
    return (s0 + s1) + (s2 + s3);
  }

  static int sum8(int[] a, int from, int to) {
    int s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
    int i = from;
    for (; i + 7 < to; i += 8) {
      s0 += a[i];
      s1 += a[i + 1];
      s2 += a[i + 2];
      s3 += a[i + 3];
      s4 += a[i + 4];
      s5 += a[i + 5];
      s6 += a[i + 6];
      s7 += a[i + 7];
    }
    for (; i < to; i++) {
      s0 += a[i];
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
  }

  /** A chained in-place scan over chunks taken in order (the backend's design, without helping). */
  static void chainedScan(int[] a, int chunk) {
    int chunks = (a.length + chunk - 1) / chunk;
    int[] total = new int[chunks];
    int[] carry = new int[chunks];
    java.util.concurrent.atomic.AtomicIntegerArray state = new java.util.concurrent.atomic.AtomicIntegerArray(chunks);
    java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
    state.set(0, 2);
    forEachChunk(THREADS, w -> {
      for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
        int from = c * chunk;
        int to = Math.min(a.length, from + chunk);
        total[c] = plainSum(a, from, to);
        state.getAndAccumulate(c, 1, (x, y) -> x | y);
        if (c > 0) {
          while ((state.get(c) & 2) == 0) {
            if ((state.get(c - 1) & 3) == 3) {
              carry[c] = carry[c - 1] + total[c - 1];
              state.getAndAccumulate(c, 2, (x, y) -> x | y);
            } else {
              Thread.onSpinWait();
            }
          }
        }
        int s = carry[c];
        for (int i = from; i < to; i++) {
          s += a[i];
          a[i] = s;
        }
      }
    });
  }
}
