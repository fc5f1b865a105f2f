package dev.prims.aparapi;

import com.aparapi.Kernel;

/**
 * Reduce of float values: each work-item folds a grid-strided slice, or a contiguous span when
 * {@code span > 0} (CPU devices), SUM with four independent accumulators; the group folds its
 * work-items as a tree in local memory, and work-item 0 writes the group's partial. MIN/MAX follow
 * {@link Math#min}/{@link Math#max} (NaN wins, -0.0 below 0.0); sums accumulate in float.
 */
final class FloatReduceKernel extends Kernel implements ReduceKernel {
  float[] input = new float[1];
  float[] partials = new float[1];
  int n;
  int span;
  int op;
  float identity;
  @Local float[] scratch = new float[AparapiReducePolicy.BLOCK_SIZE];

  @Override
  public void bind(Object input, int n, int op, Number identity) {
    this.input = (float[]) input;
    this.n = n;
    this.op = op;
    this.identity = identity.floatValue();
  }

  @Override
  public void span(int span) {
    this.span = span;
  }

  @Override
  public Object partials(int groups) {
    if (partials.length < groups) {
      partials = new float[groups];
    }
    return partials;
  }

  @Override
  public void run() {
    int lid = getLocalId();
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
    float acc = identity;
    if (op == OpCode.SUM) {
      float acc1 = 0f;
      float acc2 = 0f;
      float acc3 = 0f;
      int rounds = count / 4;
      int step4 = 4 * step;
      for (int r = 0; r < rounds; r++) {
        int j = start + r * step4;
        acc = acc + input[j];
        acc1 = acc1 + input[j + step];
        acc2 = acc2 + input[j + 2 * step];
        acc3 = acc3 + input[j + 3 * step];
      }
      for (int r = rounds * 4; r < count; r++) {
        acc = acc + input[start + r * step];
      }
      acc = (acc + acc1) + (acc2 + acc3);
    } else {
      for (int r = 0; r < count; r++) {
        acc = combine(acc, input[start + r * step]);
      }
    }
    scratch[lid] = acc;
    localBarrier();
    for (int s = AparapiReducePolicy.BLOCK_SIZE / 2; s > 0; s = s / 2) {
      if (lid < s) {
        scratch[lid] = combine(scratch[lid], scratch[lid + s]);
      }
      localBarrier();
    }
    if (lid == 0) {
      partials[getGroupId()] = scratch[0];
    }
  }

  private float combine(float a, float b) {
    float r = a + b;
    if (op == OpCode.PROD) {
      r = a * b;
    } else if (op == OpCode.MIN) {
      r = minOf(a, b);
    } else if (op == OpCode.MAX) {
      r = maxOf(a, b);
    }
    return r;
  }

  private float minOf(float a, float b) {
    float r = a < b ? a : b;
    if (a == 0f && b == 0f) {
      r = -((-a) + (-b));
    }
    if (b != b) {
      r = b;
    }
    if (a != a) {
      r = a;
    }
    return r;
  }

  private float maxOf(float a, float b) {
    float r = a > b ? a : b;
    if (a == 0f && b == 0f) {
      r = a + b;
    }
    if (b != b) {
      r = b;
    }
    if (a != a) {
      r = a;
    }
    return r;
  }
}
