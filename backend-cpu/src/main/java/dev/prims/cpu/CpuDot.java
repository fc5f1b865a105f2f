package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;

/**
 * Fused dot product: chunks of {@link CpuPolicy#REDUCE_CHUNK} pairs multiplied and summed in
 * parallel by {@link DotLoops}, chunk sums combined pairwise.
 */
final class CpuDot implements DotProduct {
  static final String FUSED = "fused";

  private final CpuParallel parallel;

  CpuDot(CpuParallel parallel) {
    this.parallel = parallel;
  }

  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    Object x = CpuBuffer.arrayOf(a);
    Object y = CpuBuffer.arrayOf(b);
    if (a.type() != b.type() || a.length() != b.length()) {
      throw new IllegalArgumentException(
          "dot needs inputs of one type and equal length, got "
              + a.type().id()
              + "["
              + a.length()
              + "] and "
              + b.type().id()
              + "["
              + b.length()
              + "]");
    }
    int n = (int) a.length();
    int chunks = CpuPolicy.chunks(n, CpuPolicy.REDUCE_CHUNK);
    call.usedVariant(FUSED);
    switch (a.type()) {
      case INT:
        {
          int[] p = new int[Math.max(chunks, 1)];
          parallel.forEachChunk(
              chunks, c -> p[c] = DotLoops.dot((int[]) x, (int[]) y, start(c), end(c, n)));
          return ReduceLoops.pairwise(p, 0, p.length, ReduceOp.SUM);
        }
      case LONG:
        {
          long[] p = new long[Math.max(chunks, 1)];
          parallel.forEachChunk(
              chunks, c -> p[c] = DotLoops.dot((long[]) x, (long[]) y, start(c), end(c, n)));
          return ReduceLoops.pairwise(p, 0, p.length, ReduceOp.SUM);
        }
      case FLOAT:
        {
          float[] p = new float[Math.max(chunks, 1)];
          parallel.forEachChunk(
              chunks, c -> p[c] = DotLoops.dot((float[]) x, (float[]) y, start(c), end(c, n)));
          return ReduceLoops.pairwise(p, 0, p.length, ReduceOp.SUM);
        }
      default:
        {
          double[] p = new double[Math.max(chunks, 1)];
          parallel.forEachChunk(
              chunks, c -> p[c] = DotLoops.dot((double[]) x, (double[]) y, start(c), end(c, n)));
          return ReduceLoops.pairwise(p, 0, p.length, ReduceOp.SUM);
        }
    }
  }

  private static int start(int chunk) {
    return chunk * CpuPolicy.REDUCE_CHUNK;
  }

  private static int end(int chunk, int n) {
    return (int) Math.min(n, (long) (chunk + 1) * CpuPolicy.REDUCE_CHUNK);
  }
}
