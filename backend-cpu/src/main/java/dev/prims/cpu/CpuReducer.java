package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.Reducer;

/**
 * Blocked reduce: chunks of {@link CpuPolicy#REDUCE_CHUNK} elements reduced in parallel by {@link
 * ReduceLoops}, their results combined pairwise. Off-heap buffers take the same steps on chunks
 * copied into per-thread windows, with the same bits.
 */
final class CpuReducer implements Reducer {
  static final String BLOCKED = "blocked";

  private final CpuParallel parallel;

  CpuReducer(CpuParallel parallel) {
    this.parallel = parallel;
  }

  @Override
  public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    call.usedVariant(BLOCKED);
    if (!CpuBuffer.allOnHeap(input)) {
      return reduceStaged(CpuBuffer.of(input), op);
    }
    Object array = CpuBuffer.arrayOf(input);
    int n = (int) input.length();
    switch (input.type()) {
      case INT:
        return reduceInts((int[]) array, n, op);
      case LONG:
        return reduceLongs((long[]) array, n, op);
      case FLOAT:
        return reduceFloats((float[]) array, n, op);
      default:
        return reduceDoubles((double[]) array, n, op);
    }
  }

  private int reduceInts(int[] a, int n, ReduceOp op) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.REDUCE_CHUNK);
    if (chunks <= 1) {
      return ReduceLoops.reduce(a, 0, n, op);
    }
    int[] partial = new int[chunks];
    parallel.forEachChunk(chunks, c -> partial[c] = ReduceLoops.reduce(a, start(c), end(c, n), op));
    return ReduceLoops.pairwise(partial, 0, chunks, op);
  }

  private long reduceLongs(long[] a, int n, ReduceOp op) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.REDUCE_CHUNK);
    if (chunks <= 1) {
      return ReduceLoops.reduce(a, 0, n, op);
    }
    long[] partial = new long[chunks];
    parallel.forEachChunk(chunks, c -> partial[c] = ReduceLoops.reduce(a, start(c), end(c, n), op));
    return ReduceLoops.pairwise(partial, 0, chunks, op);
  }

  private float reduceFloats(float[] a, int n, ReduceOp op) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.REDUCE_CHUNK);
    if (chunks <= 1) {
      return ReduceLoops.reduce(a, 0, n, op);
    }
    float[] partial = new float[chunks];
    parallel.forEachChunk(chunks, c -> partial[c] = ReduceLoops.reduce(a, start(c), end(c, n), op));
    return ReduceLoops.pairwise(partial, 0, chunks, op);
  }

  private double reduceDoubles(double[] a, int n, ReduceOp op) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.REDUCE_CHUNK);
    if (chunks <= 1) {
      return ReduceLoops.reduce(a, 0, n, op);
    }
    double[] partial = new double[chunks];
    parallel.forEachChunk(chunks, c -> partial[c] = ReduceLoops.reduce(a, start(c), end(c, n), op));
    return ReduceLoops.pairwise(partial, 0, chunks, op);
  }

  /**
   * The same chunks, loops and pairwise combination as the array path, each chunk first copied into
   * this thread's window, so the result has the same bits.
   */
  private Number reduceStaged(CpuBuffer in, ReduceOp op) {
    long n = in.length();
    int size = CpuPolicy.REDUCE_CHUNK;
    int chunks = CpuPolicy.chunks(n, size);
    switch (in.type()) {
      case INT:
        {
          int[] partial = new int[chunks];
          parallel.forEachChunk(
              chunks,
              c -> {
                int len = CpuPolicy.chunkLength(n, size, c);
                int[] w = (int[]) CpuScratch.first(in.type(), len);
                in.load((long) c * size, w, 0, len);
                partial[c] = ReduceLoops.reduce(w, 0, len, op);
              });
          return ReduceLoops.pairwise(partial, 0, chunks, op);
        }
      case LONG:
        {
          long[] partial = new long[chunks];
          parallel.forEachChunk(
              chunks,
              c -> {
                int len = CpuPolicy.chunkLength(n, size, c);
                long[] w = (long[]) CpuScratch.first(in.type(), len);
                in.load((long) c * size, w, 0, len);
                partial[c] = ReduceLoops.reduce(w, 0, len, op);
              });
          return ReduceLoops.pairwise(partial, 0, chunks, op);
        }
      case FLOAT:
        {
          float[] partial = new float[chunks];
          parallel.forEachChunk(
              chunks,
              c -> {
                int len = CpuPolicy.chunkLength(n, size, c);
                float[] w = (float[]) CpuScratch.first(in.type(), len);
                in.load((long) c * size, w, 0, len);
                partial[c] = ReduceLoops.reduce(w, 0, len, op);
              });
          return ReduceLoops.pairwise(partial, 0, chunks, op);
        }
      default:
        {
          double[] partial = new double[chunks];
          parallel.forEachChunk(
              chunks,
              c -> {
                int len = CpuPolicy.chunkLength(n, size, c);
                double[] w = (double[]) CpuScratch.first(in.type(), len);
                in.load((long) c * size, w, 0, len);
                partial[c] = ReduceLoops.reduce(w, 0, len, op);
              });
          return ReduceLoops.pairwise(partial, 0, chunks, op);
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
