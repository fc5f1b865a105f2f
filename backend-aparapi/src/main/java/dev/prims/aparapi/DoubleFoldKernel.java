package dev.prims.aparapi;

import com.aparapi.Kernel;

/**
 * Reproducible-mode folds of double values, operation for operation as {@link
 * dev.prims.spi.FoldPlan} defines them (in double, round-to-nearest; each product in the recipe is
 * exact, so a fused multiply-add could not change it). Every element is split into {@code folds}
 * integers that are summed exactly in 64 bits: per work-item in registers, then per group as a tree
 * in local memory (Aparapi has no 64-bit atomics); the host adds the groups' sums. Modes: {@link
 * FoldKernel#MODE_SUM}, {@link FoldKernel#MODE_DOT}, and for scans {@link
 * FoldKernel#MODE_SCAN_REDUCE} (chunk sums) then {@link FoldKernel#MODE_SCAN} (Hillis-Steele on the
 * fold sums of each tile, from the chunk's offset, each element combined and rounded to double).
 */
final class DoubleFoldKernel extends Kernel implements FoldKernel {
  double[] input = new double[1];
  double[] other = new double[1];
  double[] output = new double[1];
  double[] scale = new double[12];
  long[] partials = new long[3];
  long[] offsets = new long[3];
  int n;
  int span;
  int folds;
  int mode;
  int exclusive;
  int chunk;
  @Local long[] sum0 = new long[AparapiReducePolicy.BLOCK_SIZE];
  @Local long[] sum1 = new long[AparapiReducePolicy.BLOCK_SIZE];
  @Local long[] sum2 = new long[AparapiReducePolicy.BLOCK_SIZE];

  /** Stands in for an array a mode does not use, so that no device copy of real data is made. */
  private final double[] unused = new double[1];

  @Override
  public void bind(Object input, Object other, Object output, int n, int folds, double[] scale) {
    this.input = (double[]) input;
    this.other = other == null ? unused : (double[]) other;
    this.output = output == null ? unused : (double[]) output;
    this.n = n;
    this.folds = folds;
    System.arraycopy(scale, 0, this.scale, 0, scale.length);
  }

  @Override
  public double[] scale() {
    return scale;
  }

  @Override
  public void mode(int mode, int span, int chunk, boolean exclusive) {
    this.mode = mode;
    this.span = span;
    this.chunk = chunk;
    this.exclusive = exclusive ? 1 : 0;
  }

  @Override
  public long[] partials(int groups) {
    if (partials.length < 3 * groups) {
      partials = new long[3 * groups];
      offsets = new long[3 * groups];
    }
    return partials;
  }

  @Override
  public long[] offsets() {
    return offsets;
  }

  @Override
  public void run() {
    if (mode == FoldKernel.MODE_SCAN_REDUCE) {
      scanReduce();
    } else if (mode == FoldKernel.MODE_SCAN) {
      scan();
    } else {
      sumOrDot();
    }
  }

  private void sumOrDot() {
    int first = getGlobalId();
    int step = getGlobalSize();
    int start = first;
    int count = 0;
    if (span > 0) {
      step = 1;
      long from = (long) first * span;
      start = n;
      if (from < n) {
        start = (int) from;
        count = n - start;
        if (count > span) {
          count = span;
        }
      }
    } else if (first < n) {
      count = (n - 1 - first) / step + 1;
    }
    int lid = getLocalId();
    sum0[lid] = 0L;
    sum1[lid] = 0L;
    sum2[lid] = 0L;
    for (int r = 0; r < count; r++) {
      int i = start + r * step;
      double x = input[i];
      if (mode == FoldKernel.MODE_DOT) {
        x = input[i] * other[i];
      }
      accumulate(lid, x);
    }
    localBarrier();
    treeToPartials(lid);
  }

  private void scanReduce() {
    int lid = getLocalId();
    int group = getGroupId();
    int start = chunkStart(group);
    int len = chunkLength(start);
    sum0[lid] = 0L;
    sum1[lid] = 0L;
    sum2[lid] = 0L;
    for (int k = lid; k < len; k = k + AparapiReducePolicy.BLOCK_SIZE) {
      accumulate(lid, input[start + k]);
    }
    localBarrier();
    treeToPartials(lid);
  }

  private void scan() {
    int lid = getLocalId();
    int group = getGroupId();
    int start = chunkStart(group);
    int len = chunkLength(start);
    long carry0 = offsets[3 * group];
    long carry1 = offsets[3 * group + 1];
    long carry2 = offsets[3 * group + 2];
    for (int base = 0; base < len; base = base + AparapiReducePolicy.BLOCK_SIZE) {
      int k = base + lid;
      sum0[lid] = 0L;
      sum1[lid] = 0L;
      sum2[lid] = 0L;
      if (k < len) {
        accumulate(lid, input[start + k]);
      }
      localBarrier();
      for (int offset = 1; offset < AparapiReducePolicy.BLOCK_SIZE; offset = offset * 2) {
        long v0 = sum0[lid];
        long v1 = sum1[lid];
        long v2 = sum2[lid];
        if (lid >= offset) {
          v0 = v0 + sum0[lid - offset];
          v1 = v1 + sum1[lid - offset];
          v2 = v2 + sum2[lid - offset];
        }
        localBarrier();
        sum0[lid] = v0;
        sum1[lid] = v1;
        sum2[lid] = v2;
        localBarrier();
      }
      if (k < len) {
        long s0 = carry0 + sum0[lid];
        long s1 = carry1 + sum1[lid];
        long s2 = carry2 + sum2[lid];
        if (exclusive == 1) {
          s0 = carry0;
          s1 = carry1;
          s2 = carry2;
          if (lid > 0) {
            s0 = carry0 + sum0[lid - 1];
            s1 = carry1 + sum1[lid - 1];
            s2 = carry2 + sum2[lid - 1];
          }
        }
        output[start + k] = combine(s0, s1, s2);
      }
      carry0 = carry0 + sum0[AparapiReducePolicy.BLOCK_SIZE - 1];
      carry1 = carry1 + sum1[AparapiReducePolicy.BLOCK_SIZE - 1];
      carry2 = carry2 + sum2[AparapiReducePolicy.BLOCK_SIZE - 1];
      localBarrier();
    }
  }

  private int chunkStart(int group) {
    long from = (long) group * chunk;
    int start = n;
    if (from < n) {
      start = (int) from;
    }
    return start;
  }

  private int chunkLength(int start) {
    int len = n - start;
    if (len > chunk) {
      len = chunk;
    }
    return len;
  }

  /** Adds the folds of {@code x} to this work-item's sums, as FoldPlan.accumulate does. */
  private void accumulate(int lid, double x) {
    double r = x;
    long k0 = (long) ((r * scale[0]) * scale[3]);
    r = r - ((double) k0 * scale[6]) * scale[9];
    long k1 = (long) ((r * scale[1]) * scale[4]);
    r = r - ((double) k1 * scale[7]) * scale[10];
    long k2 = 0L;
    if (folds == 3) {
      k2 = (long) ((r * scale[2]) * scale[5]);
    }
    sum0[lid] = sum0[lid] + k0;
    sum1[lid] = sum1[lid] + k1;
    sum2[lid] = sum2[lid] + k2;
  }

  /** FoldPlan.combine of three fold sums (the third only when there are three folds). */
  private double combine(long s0, long s1, long s2) {
    double v = ((double) s0 * scale[6]) * scale[9];
    v = v + ((double) s1 * scale[7]) * scale[10];
    if (folds == 3) {
      v = v + ((double) s2 * scale[8]) * scale[11];
    }
    return v;
  }

  private void treeToPartials(int lid) {
    for (int s = AparapiReducePolicy.BLOCK_SIZE / 2; s > 0; s = s / 2) {
      if (lid < s) {
        sum0[lid] = sum0[lid] + sum0[lid + s];
        sum1[lid] = sum1[lid] + sum1[lid + s];
        sum2[lid] = sum2[lid] + sum2[lid + s];
      }
      localBarrier();
    }
    if (lid == 0) {
      int group = getGroupId();
      partials[3 * group] = sum0[0];
      partials[3 * group + 1] = sum1[0];
      partials[3 * group + 2] = sum2[0];
    }
  }
}
