package dev.prims.aparapi;

import com.aparapi.Kernel;

/**
 * Scan of int values by reduce-then-scan. Each group owns one contiguous chunk of the input. Phase
 * {@link ScanKernel#PHASE_REDUCE} writes each chunk's total to {@code partials}; the host scans
 * those into {@code offsets}; phase {@link ScanKernel#PHASE_SCAN} scans each chunk tile by tile
 * (Hillis-Steele in local memory) starting from its offset. Arithmetic wraps like Java's.
 */
final class IntScanKernel extends Kernel implements ScanKernel {
  int[] input = new int[1];
  int[] output = new int[1];
  int[] partials = new int[1];
  int[] offsets = new int[1];
  int n;
  int op;
  int identity;
  int exclusive;
  int chunk;
  int phase;
  @Local int[] scratch = new int[AparapiScanPolicy.BLOCK_SIZE];

  @Override
  public void bind(Object input, Object output, int n, int op, Number identity, boolean exclusive) {
    this.input = (int[]) input;
    this.output = (int[]) output;
    this.n = n;
    this.op = op;
    this.identity = identity.intValue();
    this.exclusive = exclusive ? 1 : 0;
  }

  @Override
  public void shape(int chunk, int groups) {
    this.chunk = chunk;
    if (partials.length < groups) {
      partials = new int[groups];
      offsets = new int[groups];
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
    int acc = identity;
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
    int carry = offsets[group];
    for (int base = 0; base < len; base = base + AparapiScanPolicy.BLOCK_SIZE) {
      int k = base + lid;
      int x = identity;
      if (k < len) {
        x = input[start + k];
      }
      scratch[lid] = x;
      localBarrier();
      for (int offset = 1; offset < AparapiScanPolicy.BLOCK_SIZE; offset = offset * 2) {
        int v = scratch[lid];
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

  private int combine(int a, int b) {
    int r = a + b;
    if (op == OpCode.PROD) {
      r = a * b;
    } else if (op == OpCode.MIN) {
      r = a < b ? a : b;
    } else if (op == OpCode.MAX) {
      r = a > b ? a : b;
    } else if (op == OpCode.AND) {
      r = a & b;
    } else if (op == OpCode.OR) {
      r = a | b;
    } else if (op == OpCode.XOR) {
      r = a ^ b;
    }
    return r;
  }
}
