package dev.prims.cpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs a body over the fixed chunks of {@link CpuPolicy#REDUCE_CHUNK} elements of a buffer in
 * parallel and returns the chunks' results in index order: heap buffers are read in place, off-heap
 * chunks are first copied into the thread's window ({@link CpuScratch}), so both give the same
 * results.
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

  static <R> List<R> map(CpuParallel parallel, CpuBuffer in, Body<R> body) {
    long n = in.length();
    int size = CpuPolicy.REDUCE_CHUNK;
    int chunks = CpuPolicy.chunks(n, size);
    Object[] results = new Object[chunks];
    parallel.forEachChunk(
        chunks,
        c -> {
          long first = (long) c * size;
          int len = CpuPolicy.chunkLength(n, size, c);
          if (in.onHeap()) {
            results[c] = body.apply(CpuBuffer.arrayOf(in), (int) first, (int) first + len, first);
          } else {
            Object window = CpuScratch.first(in.type(), len);
            in.load(first, window, 0, len);
            results[c] = body.apply(window, 0, len, first);
          }
        });
    @SuppressWarnings("unchecked")
    List<R> list = (List<R>) new ArrayList<>(Arrays.asList(results));
    return list;
  }
}
