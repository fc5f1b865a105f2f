package dev.prims.aparapi;

import com.aparapi.Kernel;
import dev.prims.DType;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;

/**
 * Histogram of double values into even bins, bit for bit as {@link EvenBins#binOf(double)}. Aparapi
 * has only int atomics on global arrays (its {@code atomicAdd} takes a {@code __global int*}, so
 * local-memory atomics cannot be written), so counting is done in ints (a Java array holds fewer
 * than 2^31 values) and widened to long totals when the rows are merged. One run per call, its
 * passes chosen by the pass id ({@link HistogramKernel}): in {@link
 * HistogramKernel#MODE_GROUP_ROWS} each counting group clears and counts into its own row of {@code
 * rows}, then the rows are summed into long counts; in {@link HistogramKernel#MODE_GLOBAL_ATOMICS}
 * one shared row is cleared, counted into by every group, then widened. Each counting group also
 * writes how many of its values were out of range.
 */
final class DoubleBinHistogramKernel extends Kernel implements HistogramKernel {
  double[] input = new double[1];
  int[] rows = new int[1];
  long[] counts = new long[1];
  int[] outOfRange = new int[1];
  int n;
  int span;
  int bins;
  int mode;
  int groups;
  double lo;
  double hi;
  double scale;
  @Local int[] scratch = new int[AparapiHistogramPolicy.BLOCK_SIZE];

  @Override
  public void bind(Object input, int n, HistogramSpec spec, Object counts) {
    this.input = (double[]) input;
    this.n = n;
    this.bins = spec.bins();
    this.counts = (long[]) counts;
    EvenBins even = EvenBins.of(spec, DType.DOUBLE);
    this.lo = even.lo();
    this.hi = even.hi();
    this.scale = even.scale();
  }

  @Override
  public void span(int span) {
    this.span = span;
  }

  @Override
  public void shape(int mode, int groups, int rowsLength) {
    this.mode = mode;
    this.groups = groups;
    if (rows.length < rowsLength) {
      rows = new int[rowsLength];
    }
    if (outOfRange.length < groups) {
      outOfRange = new int[groups];
    }
  }

  @Override
  public int[] outOfRange() {
    return outOfRange;
  }

  @Override
  public void run() {
    int pass = getPassId();
    if (mode == HistogramKernel.MODE_GROUP_ROWS) {
      if (pass == 0) {
        count(1);
      } else {
        merge(groups);
      }
    } else if (pass == 0) {
      clear();
    } else if (pass == 1) {
      count(0);
    } else {
      merge(1);
    }
  }

  private void clear() {
    int j = getGlobalId();
    if (j < bins) {
      rows[j] = 0;
    }
  }

  private void merge(int rowCount) {
    int j = getGlobalId();
    if (j < bins) {
      long sum = 0L;
      for (int g = 0; g < rowCount; g++) {
        sum = sum + rows[g * bins + j];
      }
      counts[j] = sum;
    }
  }

  private void count(int ownRow) {
    int group = getGroupId();
    if (group < groups) {
      int lid = getLocalId();
      int row = 0;
      if (ownRow == 1) {
        row = group * bins;
        for (int b = lid; b < bins; b = b + AparapiHistogramPolicy.BLOCK_SIZE) {
          rows[row + b] = 0;
        }
        localGlobalBarrier();
      }
      int first = getGlobalId();
      int step = groups * AparapiHistogramPolicy.BLOCK_SIZE;
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
      int out = 0;
      for (int r = 0; r < count; r++) {
        int b = binOf(start + r * step);
        if (b < 0) {
          out = out + 1;
        } else {
          atomicAdd(rows, row + b, 1);
        }
      }
      scratch[lid] = out;
      localBarrier();
      for (int s = AparapiHistogramPolicy.BLOCK_SIZE / 2; s > 0; s = s / 2) {
        if (lid < s) {
          scratch[lid] = scratch[lid] + scratch[lid + s];
        }
        localBarrier();
      }
      if (lid == 0) {
        outOfRange[group] = scratch[0];
      }
    }
  }

  private int binOf(int i) {
    double v = input[i];
    int b = -1;
    if (v >= lo && v < hi) {
      double offset = v - lo;
      double t = offset * scale;
      // (int) becomes OpenCL C's conversion, undefined outside int's range: convert only [0, bins)
      if (t >= 0) {
        if (t < bins) {
          b = (int) t;
        } else {
          b = bins - 1;
        }
      }
    }
    return b;
  }
}
