package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ScanKind;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import java.util.Optional;

/**
 * Reproducible mode on the CPU: {@link FoldLoops} over chunks of {@link CpuPolicy#REDUCE_CHUNK}
 * (sum, dot) or {@link CpuPolicy#SCAN_CHUNK} (scan) elements in parallel; the per-chunk fold sums
 * are integers, added exactly. The sum takes one pass over memory: each chunk is folded at the top
 * grid of its own largest magnitude while it is in cache (floats as one exact wide total, {@link
 * FloatFoldTotals}; doubles per fold), and the chunks merged.
 */
record CpuFoldKernels(CpuParallel parallel) implements FoldKernels {
  @Override
  public Optional<FoldSums> foldSumOnePass(DeviceBuffer input) {
    Object a = CpuBuffer.arrayOf(input);
    int n = (int) input.length();
    int chunks = CpuPolicy.chunks(n, CpuPolicy.REDUCE_CHUNK);
    if (input.type() == DType.FLOAT) {
      return Optional.of(floatSum((float[]) a, n, chunks));
    }
    FoldSums[] partial = new FoldSums[Math.max(chunks, 1)];
    partial[0] = FoldSums.zero(input.type());
    parallel.forEachSlice(
        n,
        CpuPolicy.REDUCE_CHUNK,
        (c, from, to) -> partial[c] = FoldLoops.sumAtOwnTop((double[]) a, from, to));
    FoldSums total = partial[0];
    for (int c = 1; c < partial.length; c++) {
      total = total.plus(partial[c]);
    }
    return Optional.of(total);
  }

  /**
   * Each chunk's exact total at its own top grid while it is in cache; chunks whose top grid is
   * below the highest are summed again at it (rare: their largest magnitude is 2^30 or more below
   * the input's).
   */
  private FoldSums floatSum(float[] a, int n, int chunks) {
    int[] tops = new int[chunks];
    long[][] totals = new long[chunks][2];
    parallel.forEachSlice(
        n,
        CpuPolicy.REDUCE_CHUNK,
        (c, from, to) -> tops[c] = FloatFoldTotals.foldChunk(a, from, to, totals[c]));
    int top = FloatFoldTotals.ZERO;
    for (int t : tops) {
      top = Math.max(top, t);
    }
    if (top == FloatFoldTotals.NON_FINITE) {
      return FoldSums.nonFinite(DType.FLOAT);
    }
    if (top == FloatFoldTotals.ZERO) {
      return FoldSums.zero(DType.FLOAT);
    }
    int global = top;
    parallel.forEachSlice(
        n,
        CpuPolicy.REDUCE_CHUNK,
        (c, from, to) -> {
          if (tops[c] != global && tops[c] != FloatFoldTotals.ZERO) {
            totals[c][0] = 0;
            totals[c][1] = 0;
            FloatFoldTotals.addTotal(a, from, to, global, totals[c]);
          }
        });
    long lo = 0;
    long hi = 0;
    for (long[] t : totals) {
      long sum = lo + t[0];
      hi += t[1] + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
      lo = sum;
    }
    return FoldSums.ofTotal(DType.FLOAT, global, lo, hi);
  }

  @Override
  public long[] foldSum(DeviceBuffer input, FoldPlan plan) {
    Object a = CpuBuffer.arrayOf(input);
    return foldChunks(
        (int) input.length(),
        plan.folds(),
        (from, to, sums) -> FoldLoops.sum(a, from, to, plan, sums));
  }

  @Override
  public long[] foldDot(DeviceBuffer a, DeviceBuffer b, FoldPlan plan) {
    Object x = CpuBuffer.arrayOf(a);
    Object y = CpuBuffer.arrayOf(b);
    return foldChunks(
        (int) Math.min(a.length(), b.length()),
        plan.folds(),
        (from, to, sums) -> FoldLoops.dot(x, y, from, to, plan, sums));
  }

  /** The fold sums of {@code n} elements: {@code fold} on each chunk in parallel, then added. */
  private long[] foldChunks(int n, int folds, ChunkFold fold) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.REDUCE_CHUNK);
    long[][] partial = new long[Math.max(chunks, 1)][folds];
    parallel.forEachSlice(
        n, CpuPolicy.REDUCE_CHUNK, (c, from, to) -> fold.into(from, to, partial[c]));
    return add(partial, folds);
  }

  /** Adds the fold sums of elements {@code [from, to)} to {@code sums}. */
  @FunctionalInterface
  private interface ChunkFold {
    void into(int from, int to, long[] sums);
  }

  @Override
  public void foldScan(DeviceBuffer input, DeviceBuffer output, ScanKind kind, FoldPlan plan) {
    Object in = CpuBuffer.arrayOf(input);
    Object out = CpuBuffer.arrayOf(output);
    int n = (int) input.length();
    int folds = plan.folds();
    boolean inclusive = kind == ScanKind.INCLUSIVE;
    int chunks = CpuPolicy.chunks(n, CpuPolicy.SCAN_CHUNK);
    long[][] start = new long[Math.max(chunks, 1)][folds];
    parallel.forEachChunk(
        chunks - 1,
        c -> {
          int from = c * CpuPolicy.SCAN_CHUNK;
          int to = from + CpuPolicy.SCAN_CHUNK;
          FoldLoops.sum(in, from, to, plan, start[c + 1]);
        });
    for (int c = 1; c < chunks; c++) {
      for (int f = 0; f < folds; f++) {
        start[c][f] += start[c - 1][f];
      }
    }
    parallel.forEachSlice(
        n,
        CpuPolicy.SCAN_CHUNK,
        (c, from, to) -> FoldLoops.scan(in, out, from, to, plan, start[c], inclusive));
  }

  private static long[] add(long[][] partial, int folds) {
    long[] sums = new long[folds];
    for (long[] p : partial) {
      addSums(sums, p);
    }
    return sums;
  }

  /** Adds the exact fold sums {@code part} into {@code sums} (integer addition: any order). */
  static void addSums(long[] sums, long[] part) {
    for (int f = 0; f < sums.length; f++) {
      sums[f] += part[f];
    }
  }
}
