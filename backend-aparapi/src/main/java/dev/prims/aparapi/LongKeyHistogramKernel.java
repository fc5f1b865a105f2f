package dev.prims.aparapi;

import com.aparapi.Kernel;
import dev.prims.HistogramSpec;

/**
 * Histogram of long keys (key k counts in bin k when 0 <= k < bins). Aparapi has only int atomics
 * on global arrays (its {@code atomicAdd} takes a {@code __global int*}, so local-memory atomics
 * cannot be written), so counting is done in ints (a Java array holds fewer than 2^31 values) and
 * widened to long totals in the merge phase. Phases: {@link HistogramKernel#PHASE_GROUP_COUNT} has
 * each group clear and count into its own row of {@code rows}; {@link HistogramKernel#PHASE_CLEAR}
 * and {@link HistogramKernel#PHASE_GLOBAL_COUNT} count into one shared row; {@link
 * HistogramKernel#PHASE_MERGE} sums the rows into long counts. Each group also writes how many of
 * its values were out of range.
 */
final class LongKeyHistogramKernel extends Kernel implements HistogramKernel {
  long[] input = new long[1];
  int[] rows = new int[1];
  long[] counts = new long[1];
  int[] outOfRange = new int[1];
  int n;
  int span;
  int bins;
  int phase;
  int rowCount;
  @Local int[] scratch = new int[AparapiHistogramPolicy.BLOCK_SIZE];

  @Override
  public void bind(Object input, int n, HistogramSpec spec, Object counts) {
    this.input = (long[]) input;
    this.n = n;
    this.bins = spec.bins();
    this.counts = (long[]) counts;
  }

  @Override
  public void span(int span) {
    this.span = span;
  }

  @Override
  public void shape(int groups, int rowsLength) {
    if (rows.length < rowsLength) {
      rows = new int[rowsLength];
    }
    if (outOfRange.length < groups) {
      outOfRange = new int[groups];
    }
  }

  @Override
  public void phase(int phase, int rowCount) {
    this.phase = phase;
    this.rowCount = rowCount;
  }

  @Override
  public int[] outOfRange() {
    return outOfRange;
  }

  @Override
  public void run() {
    if (phase == HistogramKernel.PHASE_GROUP_COUNT) {
      count(1);
    } else if (phase == HistogramKernel.PHASE_GLOBAL_COUNT) {
      count(0);
    } else if (phase == HistogramKernel.PHASE_CLEAR) {
      int j = getGlobalId();
      if (j < bins) {
        rows[j] = 0;
      }
    } else {
      int j = getGlobalId();
      if (j < bins) {
        long sum = 0L;
        for (int g = 0; g < rowCount; g++) {
          sum = sum + rows[g * bins + j];
        }
        counts[j] = sum;
      }
    }
  }

  private void count(int ownRow) {
    int lid = getLocalId();
    int row = 0;
    if (ownRow == 1) {
      row = getGroupId() * bins;
      for (int b = lid; b < bins; b = b + AparapiHistogramPolicy.BLOCK_SIZE) {
        rows[row + b] = 0;
      }
      localGlobalBarrier();
    }
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
      outOfRange[getGroupId()] = scratch[0];
    }
  }

  private int binOf(int i) {
    long key = input[i];
    int b = -1;
    if (key >= 0 && key < bins) {
      b = (int) key;
    }
    return b;
  }
}
