package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;

/**
 * Fused dot product: chunks of {@link CpuPolicy#REDUCE_CHUNK} pairs multiplied and summed in
 * parallel by {@link DotLoops}, chunk sums combined pairwise (off-heap buffers: the same on windows
 * copied into per-thread arrays).
 */
final class CpuDot implements DotProduct {
  static final String FUSED = "fused";

  private final CpuParallel parallel;

  CpuDot(CpuParallel parallel) {
    this.parallel = parallel;
  }

  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    boolean onHeap = CpuBuffer.allOnHeap(a, b);
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
    call.usedVariant(FUSED);
    if (!onHeap) {
      return dotStaged(CpuBuffer.of(a), CpuBuffer.of(b));
    }
    Object x = CpuBuffer.arrayOf(a);
    Object y = CpuBuffer.arrayOf(b);
    int n = (int) a.length();
    int chunks = CpuPolicy.chunks(n, CpuPolicy.REDUCE_CHUNK);
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

  /** The array path's chunks and loops on windows copied from (off-heap) buffers: same bits. */
  private Number dotStaged(CpuBuffer a, CpuBuffer b) {
    long n = a.length();
    int size = CpuPolicy.REDUCE_CHUNK;
    int chunks = CpuPolicy.chunks(n, size);
    switch (a.type()) {
      case INT:
        {
          int[] p = new int[Math.max(chunks, 1)];
          parallel.forEachChunk(
              chunks,
              c -> {
                int len = CpuPolicy.chunkLength(n, size, c);
                int[] x = (int[]) CpuScratch.first(a.type(), len);
                int[] y = (int[]) CpuScratch.second(a.type(), len);
                a.load((long) c * size, x, 0, len);
                b.load((long) c * size, y, 0, len);
                p[c] = DotLoops.dot(x, y, 0, len);
              });
          return ReduceLoops.pairwise(p, 0, p.length, ReduceOp.SUM);
        }
      case LONG:
        {
          long[] p = new long[Math.max(chunks, 1)];
          parallel.forEachChunk(
              chunks,
              c -> {
                int len = CpuPolicy.chunkLength(n, size, c);
                long[] x = (long[]) CpuScratch.first(a.type(), len);
                long[] y = (long[]) CpuScratch.second(a.type(), len);
                a.load((long) c * size, x, 0, len);
                b.load((long) c * size, y, 0, len);
                p[c] = DotLoops.dot(x, y, 0, len);
              });
          return ReduceLoops.pairwise(p, 0, p.length, ReduceOp.SUM);
        }
      case FLOAT:
        {
          float[] p = new float[Math.max(chunks, 1)];
          parallel.forEachChunk(
              chunks,
              c -> {
                int len = CpuPolicy.chunkLength(n, size, c);
                float[] x = (float[]) CpuScratch.first(a.type(), len);
                float[] y = (float[]) CpuScratch.second(a.type(), len);
                a.load((long) c * size, x, 0, len);
                b.load((long) c * size, y, 0, len);
                p[c] = DotLoops.dot(x, y, 0, len);
              });
          return ReduceLoops.pairwise(p, 0, p.length, ReduceOp.SUM);
        }
      default:
        {
          double[] p = new double[Math.max(chunks, 1)];
          parallel.forEachChunk(
              chunks,
              c -> {
                int len = CpuPolicy.chunkLength(n, size, c);
                double[] x = (double[]) CpuScratch.first(a.type(), len);
                double[] y = (double[]) CpuScratch.second(a.type(), len);
                a.load((long) c * size, x, 0, len);
                b.load((long) c * size, y, 0, len);
                p[c] = DotLoops.dot(x, y, 0, len);
              });
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
