package dev.prims.cpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs a body over the fixed chunks of {@link CpuPolicy#REDUCE_CHUNK} elements of a buffer in
 * parallel: heap buffers are read in place, off-heap chunks are first copied into the thread's
 * windows ({@link CpuScratch}), so both give the same results.
 */
final class CpuChunkWalk {
  private CpuChunkWalk() {}

  /**
   * Work on one chunk: elements {@code [from, to)} of {@code array}, the first at {@code first}.
   */
  @FunctionalInterface
  interface Body<R> {
    R apply(Object array, int from, int to, long first);
  }

  /** Work on chunk {@code chunk}: its {@code length} elements at the start of each window. */
  @FunctionalInterface
  interface Windows {
    void run(int chunk, Object x, Object y, int length);
  }

  /** {@code body}'s result for each chunk of {@code in}, in index order. */
  static <R> List<R> map(CpuParallel parallel, CpuBuffer in, Body<R> body) {
    int size = CpuPolicy.REDUCE_CHUNK;
    Object[] results = new Object[CpuPolicy.chunks(in.length(), size)];
    if (in.onHeap()) {
      Object array = CpuBuffer.arrayOf(in);
      parallel.forEachSlice(
          (int) in.length(), size, (c, from, to) -> results[c] = body.apply(array, from, to, from));
    } else {
      staged(
          parallel,
          in,
          null,
          (c, x, y, len) -> results[c] = body.apply(x, 0, len, (long) c * size));
    }
    @SuppressWarnings("unchecked")
    List<R> list = (List<R>) new ArrayList<>(Arrays.asList(results));
    return list;
  }

  /**
   * Copies each chunk of {@code a}, and the same chunk of {@code b} unless it is null, into this
   * thread's first and second windows and runs {@code body} on them, in parallel.
   */
  static void staged(CpuParallel parallel, CpuBuffer a, CpuBuffer b, Windows body) {
    long n = a.length();
    int size = CpuPolicy.REDUCE_CHUNK;
    parallel.forEachChunk(
        CpuPolicy.chunks(n, size),
        c -> {
          int len = CpuPolicy.chunkLength(n, size, c);
          Object x = CpuScratch.first(a.type(), len);
          a.load((long) c * size, x, 0, len);
          Object y = b == null ? null : CpuScratch.second(b.type(), len);
          if (b != null) {
            b.load((long) c * size, y, 0, len);
          }
          body.run(c, x, y, len);
        });
  }
}
