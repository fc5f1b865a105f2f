package dev.prims.cpu;

import dev.prims.EvenBins;

/**
 * Sequential histogram loops over {@code [from, to)} into private int counts (a worker never sees
 * more than 2^31 - 1 values). Values out of range are not counted here; the caller derives their
 * number from the total. Even bins follow {@link EvenBins#binOf} bit for bit.
 */
final class HistogramLoops {
  private HistogramLoops() {}

  static void keys(int[] a, int from, int to, int[] counts) {
    int bins = counts.length;
    for (int i = from; i < to; i++) {
      int k = a[i];
      if (k >= 0 && k < bins) {
        counts[k]++;
      }
    }
  }

  static void keys(long[] a, int from, int to, int[] counts) {
    int bins = counts.length;
    for (int i = from; i < to; i++) {
      long k = a[i];
      if (k >= 0 && k < bins) {
        counts[(int) k]++;
      }
    }
  }

  static void even(float[] a, int from, int to, EvenBins spec, int[] counts) {
    float lo = spec.loF();
    float hi = spec.hiF();
    float scale = spec.scaleF();
    int bins = counts.length;
    int last = bins - 1;
    for (int i = from; i < to; i++) {
      float v = a[i];
      if (v >= lo && v < hi) {
        float offset = v - lo;
        float t = offset * scale;
        if (t >= 0) {
          counts[t < bins ? (int) t : last]++;
        }
      }
    }
  }

  static void even(double[] a, int from, int to, EvenBins spec, int[] counts) {
    double lo = spec.lo();
    double hi = spec.hi();
    double scale = spec.scale();
    int bins = counts.length;
    int last = bins - 1;
    for (int i = from; i < to; i++) {
      double v = a[i];
      if (v >= lo && v < hi) {
        double t = (v - lo) * scale;
        if (t >= 0) {
          counts[t < bins ? (int) t : last]++;
        }
      }
    }
  }
}
