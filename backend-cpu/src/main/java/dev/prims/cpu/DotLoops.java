package dev.prims.cpu;

/**
 * Sequential fused dot loops over {@code [from, to)}: products summed as they are formed, no
 * temporary array. Floating loops keep {@link CpuPolicy#ACCUMULATORS} independent accumulators.
 */
final class DotLoops {
  private DotLoops() {}

  static int dot(int[] a, int[] b, int from, int to) {
    int acc = 0;
    for (int i = from; i < to; i++) {
      acc += a[i] * b[i];
    }
    return acc;
  }

  static long dot(long[] a, long[] b, int from, int to) {
    long acc = 0;
    for (int i = from; i < to; i++) {
      acc += a[i] * b[i];
    }
    return acc;
  }

  static float dot(float[] a, float[] b, int from, int to) {
    float s0 = 0f;
    float s1 = 0f;
    float s2 = 0f;
    float s3 = 0f;
    float s4 = 0f;
    float s5 = 0f;
    float s6 = 0f;
    float s7 = 0f;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 += a[i] * b[i];
      s1 += a[i + 1] * b[i + 1];
      s2 += a[i + 2] * b[i + 2];
      s3 += a[i + 3] * b[i + 3];
      s4 += a[i + 4] * b[i + 4];
      s5 += a[i + 5] * b[i + 5];
      s6 += a[i + 6] * b[i + 6];
      s7 += a[i + 7] * b[i + 7];
    }
    for (; i < to; i++) {
      s0 += a[i] * b[i];
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
  }

  static double dot(double[] a, double[] b, int from, int to) {
    double s0 = 0d;
    double s1 = 0d;
    double s2 = 0d;
    double s3 = 0d;
    double s4 = 0d;
    double s5 = 0d;
    double s6 = 0d;
    double s7 = 0d;
    int i = from;
    for (; i <= to - 8; i += 8) {
      s0 += a[i] * b[i];
      s1 += a[i + 1] * b[i + 1];
      s2 += a[i + 2] * b[i + 2];
      s3 += a[i + 3] * b[i + 3];
      s4 += a[i + 4] * b[i + 4];
      s5 += a[i + 5] * b[i + 5];
      s6 += a[i + 6] * b[i + 6];
      s7 += a[i + 7] * b[i + 7];
    }
    for (; i < to; i++) {
      s0 += a[i] * b[i];
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
  }
}
