package dev.prims.aparapi;

import com.aparapi.Kernel;

/**
 * Dot product of two double arrays: each work-item sums the products of a grid-strided slice with
 * four independent accumulators, the group sums its work-items as a tree in local memory, and
 * work-item 0 writes the group's partial. Products and sums are rounded in double.
 */
final class DoubleDotKernel extends Kernel implements DotKernel {
  double[] a = new double[1];
  double[] b = new double[1];
  double[] partials = new double[1];
  int n;
  @Local double[] scratch = new double[AparapiDotPolicy.BLOCK_SIZE];

  @Override
  public void bind(Object a, Object b, int n) {
    this.a = (double[]) a;
    this.b = (double[]) b;
    this.n = n;
  }

  @Override
  public Object partials(int groups) {
    if (partials.length < groups) {
      partials = new double[groups];
    }
    return partials;
  }

  @Override
  public void run() {
    int lid = getLocalId();
    int first = getGlobalId();
    int stride = getGlobalSize();
    int count = 0;
    if (first < n) {
      count = (n - 1 - first) / stride + 1;
    }
    double acc = 0.0;
    double acc1 = 0.0;
    double acc2 = 0.0;
    double acc3 = 0.0;
    int rounds = count / 4;
    int step = 4 * stride;
    for (int r = 0; r < rounds; r++) {
      int j = first + r * step;
      acc = acc + a[j] * b[j];
      acc1 = acc1 + a[j + stride] * b[j + stride];
      acc2 = acc2 + a[j + 2 * stride] * b[j + 2 * stride];
      acc3 = acc3 + a[j + 3 * stride] * b[j + 3 * stride];
    }
    for (int r = rounds * 4; r < count; r++) {
      int j = first + r * stride;
      acc = acc + a[j] * b[j];
    }
    scratch[lid] = (acc + acc1) + (acc2 + acc3);
    localBarrier();
    for (int s = AparapiDotPolicy.BLOCK_SIZE / 2; s > 0; s = s / 2) {
      if (lid < s) {
        scratch[lid] = scratch[lid] + scratch[lid + s];
      }
      localBarrier();
    }
    if (lid == 0) {
      partials[getGroupId()] = scratch[0];
    }
  }
}
