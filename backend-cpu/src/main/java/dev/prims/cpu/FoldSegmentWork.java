package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.spi.FoldPlan;

/**
 * {@link SegmentWork} of reproducible mode on float or double values: ranges folded by {@link
 * FoldLoops} into exact integer sums on one {@link FoldPlan}, partials and carries added exactly,
 * each segment (or prefix) rounded once with {@link FoldPlan#combine}.
 */
final class FoldSegmentWork implements SegmentWork {
  private final Object in;
  private final Object out;
  private final FoldPlan plan;
  private final boolean inclusive;
  private final long[][] heads;
  private final long[][] tails;
  private final long[][] carries;

  FoldSegmentWork(Object in, Object out, FoldPlan plan, boolean inclusive, int chunks) {
    this.in = in;
    this.out = out;
    this.plan = plan;
    this.inclusive = inclusive;
    this.heads = new long[chunks][plan.folds()];
    this.tails = new long[chunks][plan.folds()];
    this.carries = new long[chunks][plan.folds()];
  }

  @Override
  public void whole(int seg, int from, int to) {
    long[] sums = new long[plan.folds()];
    fold(from, to, sums);
    write(seg, sums);
  }

  @Override
  public void head(int chunk, int from, int to) {
    fold(from, to, heads[chunk]);
  }

  @Override
  public void tail(int chunk, int from, int to) {
    fold(from, to, tails[chunk]);
  }

  private void fold(int from, int to, long[] sums) {
    if (plan.type() == DType.FLOAT) {
      FoldLoops.sum((float[]) in, from, to, plan, sums);
    } else {
      FoldLoops.sum((double[]) in, from, to, plan, sums);
    }
  }

  @Override
  public void span(int seg, int tailChunk, int lastChunk) {
    long[] sums = tails[tailChunk].clone();
    for (int c = tailChunk + 1; c <= lastChunk; c++) {
      CpuFoldKernels.addSums(sums, heads[c]);
    }
    write(seg, sums);
  }

  @Override
  public void empty(int seg) {
    write(seg, new long[plan.folds()]);
  }

  private void write(int seg, long[] sums) {
    double v = plan.combine(sums);
    if (plan.type() == DType.FLOAT) {
      ((float[]) out)[seg] = (float) v;
    } else {
      ((double[]) out)[seg] = v;
    }
  }

  @Override
  public void carry(int chunk, boolean fromTail) {
    int p = chunk - 1;
    long[] carry = fromTail ? tails[p].clone() : carries[p].clone();
    if (!fromTail) {
      CpuFoldKernels.addSums(carry, heads[p]);
    }
    carries[chunk] = carry;
  }

  @Override
  public void scanHead(int chunk, int from, int to) {
    scan(from, to, carries[chunk]);
  }

  @Override
  public void scanFresh(int from, int to) {
    scan(from, to, new long[plan.folds()]);
  }

  private void scan(int from, int to, long[] start) {
    if (plan.type() == DType.FLOAT) {
      FoldLoops.scan((float[]) in, (float[]) out, from, to, plan, start, inclusive);
    } else {
      FoldLoops.scan((double[]) in, (double[]) out, from, to, plan, start, inclusive);
    }
  }
}
