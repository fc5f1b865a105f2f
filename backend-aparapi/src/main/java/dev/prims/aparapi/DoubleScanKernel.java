package dev.prims.aparapi;

import com.aparapi.Kernel;

/**
 * Scan of double values by reduce-then-scan. Each group owns one contiguous chunk of the input.
 * Phase {@link ScanKernel#PHASE_REDUCE} writes each chunk's total to {@code partials}; the host
 * scans those into {@code offsets}; phase {@link ScanKernel#PHASE_SCAN} scans each chunk tile by
 * tile (Hillis-Steele in local memory) starting from its offset. MIN/MAX follow {@link
 * Math#min}/{@link Math#max} (NaN wins, -0.0 below 0.0); sums accumulate in double.
 */
final class DoubleScanKernel extends Kernel implements ScanKernel {
  double[] input = new double[1];
  double[] output = new double[1];
  double[] partials = new double[1];
  double[] offsets = new double[1];
  int n;
  int op;
  double identity;
  int exclusive;
  int chunk;
  int phase;
  @Local double[] scratch = new double[AparapiScanPolicy.BLOCK_SIZE];

  @Override
  public void bind(Object input, Object output, int n, int op, Number identity, boolean exclusive) {
    this.input = (double[]) input;
    this.output = (double[]) output;
    this.n = n;
    this.op = op;
    this.identity = identity.doubleValue();
    this.exclusive = exclusive ? 1 : 0;
  }

  @Override
  public void shape(int chunk, int groups) {
    this.chunk = chunk;
    if (partials.length < groups) {
      partials = new double[groups];
      offsets = new double[groups];
    }
  }

  @Override
  public void phase(int phase) {
    this.phase = phase;
  }

  @Override
  public Object partials() {
    return partials;
  }

  @Override
  public Object offsets() {
    return offsets;
  }

  @Override
  public void run() {
    int lid = getLocalId();
    int group = getGroupId();
    long from = (long) group * chunk;
    int start = n;
    if (from < n) {
      start = (int) from;
    }
    int len = n - start;
    if (len > chunk) {
      len = chunk;
    }
    if (phase == ScanKernel.PHASE_REDUCE) {
      reduceChunk(lid, group, start, len);
    } else {
      scanChunk(lid, group, start, len);
    }
  }

  private void reduceChunk(int lid, int group, int start, int len) {
    double acc = identity;
    for (int k = lid; k < len; k = k + AparapiScanPolicy.BLOCK_SIZE) {
      acc = combine(acc, input[start + k]);
    }
    scratch[lid] = acc;
    localBarrier();
    for (int s = AparapiScanPolicy.BLOCK_SIZE / 2; s > 0; s = s / 2) {
      if (lid < s) {
        scratch[lid] = combine(scratch[lid], scratch[lid + s]);
      }
      localBarrier();
    }
    if (lid == 0) {
      partials[group] = scratch[0];
    }
  }

  private void scanChunk(int lid, int group, int start, int len) {
    double carry = offsets[group];
    for (int base = 0; base < len; base = base + AparapiScanPolicy.BLOCK_SIZE) {
      int k = base + lid;
      double x = identity;
      if (k < len) {
        x = input[start + k];
      }
      scratch[lid] = x;
      localBarrier();
      for (int offset = 1; offset < AparapiScanPolicy.BLOCK_SIZE; offset = offset * 2) {
        double v = scratch[lid];
        if (lid >= offset) {
          v = combine(scratch[lid - offset], v);
        }
        localBarrier();
        scratch[lid] = v;
        localBarrier();
      }
      if (k < len) {
        if (exclusive == 0) {
          output[start + k] = combine(carry, scratch[lid]);
        } else if (lid == 0) {
          output[start + k] = carry;
        } else {
          output[start + k] = combine(carry, scratch[lid - 1]);
        }
      }
      carry = combine(carry, scratch[AparapiScanPolicy.BLOCK_SIZE - 1]);
      localBarrier();
    }
  }

  private double combine(double a, double b) {
    double r = a + b;
    if (op == OpCode.PROD) {
      r = a * b;
    } else if (op == OpCode.MIN) {
      r = minOf(a, b);
    } else if (op == OpCode.MAX) {
      r = maxOf(a, b);
    }
    return r;
  }

  private double minOf(double a, double b) {
    double r = a < b ? a : b;
    if (a == 0.0 && b == 0.0) {
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

  private double maxOf(double a, double b) {
    double r = a > b ? a : b;
    if (a == 0.0 && b == 0.0) {
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
