package dev.prims.aparapi;

import com.aparapi.Kernel;

/**
 * Dot product of two long arrays: each work-item sums the products of a grid-strided slice, or a
 * contiguous span when {@code span > 0} (CPU devices), with four independent accumulators; the
 * group sums its work-items as a tree in local memory, and work-item 0 writes the group's partial.
 * Arithmetic wraps like Java's.
 */
final class LongDotKernel extends Kernel implements DotKernel {
  long[] a = new long[1];
  long[] b = new long[1];
  long[] partials = new long[1];
  int n;
  int span;
  int squares;
  @Local long[] scratch = new long[AparapiDotPolicy.BLOCK_SIZE];

  /** Stands in for {@code b} in a dot of {@code a} with itself. */
  private final long[] unused = new long[1];

  @Override
  public void bind(Object a, Object b, int n) {
    this.a = (long[]) a;
    this.squares = b == null ? 1 : 0;
    this.b = b == null ? unused : (long[]) b;
    this.n = n;
  }

  @Override
  public void span(int span) {
    this.span = span;
  }

  @Override
  public Object partials(int groups) {
    if (partials.length < groups) {
      partials = new long[groups];
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
    long acc = 0L;
    long acc1 = 0L;
    long acc2 = 0L;
    long acc3 = 0L;
    int rounds = count / 4;
    int step4 = 4 * step;
    for (int r = 0; r < rounds; r++) {
      int j = start + r * step4;
      acc = acc + a[j] * second(j);
      acc1 = acc1 + a[j + step] * second(j + step);
      acc2 = acc2 + a[j + 2 * step] * second(j + 2 * step);
      acc3 = acc3 + a[j + 3 * step] * second(j + 3 * step);
    }
    for (int r = rounds * 4; r < count; r++) {
      int j = start + r * step;
      acc = acc + a[j] * second(j);
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

  /** The second factor at {@code j}: {@code b[j]}, or {@code a[j]} for a dot of a with itself. */
  private long second(int j) {
    return squares == 1 ? a[j] : b[j];
  }
}
