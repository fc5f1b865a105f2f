package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.ScanKind;
import dev.prims.spi.AbstractSegmenter;
import dev.prims.spi.CallContext;

/**
 * Segmented reduce and scan on the CPU: one flat pass over chunks of {@link CpuPolicy#REDUCE_CHUNK}
 * (reduce) or {@link CpuPolicy#SCAN_CHUNK} (scan) elements, whatever the segment lengths ({@link
 * SegmentChunks}), arg-min/arg-max included ({@link ArgSegmentWork}); runs of keys found chunk by
 * chunk ({@link CpuRuns}). Buffers must be on the heap.
 */
final class CpuSegmenter extends AbstractSegmenter {

  private final CpuParallel parallel;

  CpuSegmenter(CpuParallel parallel) {
    this.parallel = parallel;
  }

  @Override
  protected void pass(Pass pass) {
    DeviceBuffer values = pass.values();
    // a reduce's work takes the place of an inclusive scan's
    boolean inclusive = pass.kind() != ScanKind.EXCLUSIVE;
    run(
        values,
        pass.offsets(),
        pass.segments(),
        pass.out(),
        pass.kind() == null,
        (in, o, chunks) ->
            pass.plan() == null
                ? new FastSegmentWork(values.type(), in, o, pass.op(), inclusive, chunks)
                : new FoldSegmentWork(in, o, pass.plan(), inclusive, chunks));
  }

  @Override
  protected String argSegmented(ArgPass pass) {
    DeviceBuffer outIndices = pass.outIndices();
    int count = Math.toIntExact(pass.segments());
    long[] indices = (long[]) CpuBuffer.outputArray(outIndices, count);
    run(
        pass.values(),
        pass.offsets(),
        count,
        pass.outValues(),
        true,
        (in, winners, chunks) -> new ArgSegmentWork(in, pass.op(), winners, indices, chunks));
    CpuBuffer.storeBack(outIndices, indices, count);
    return ARG_FLAT;
  }

  @Override
  public long runs(
      DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call) {
    int n = (int) heapLength(keys);
    Object unique = CpuBuffer.outputArray(uniqueKeys, n);
    Object starts = CpuBuffer.outputArray(offsets, n + 1L);
    long runs = new CpuRuns(parallel).find(CpuBuffer.heapArray(keys), n, unique, starts);
    CpuBuffer.storeBack(uniqueKeys, unique, (int) runs);
    CpuBuffer.storeBack(offsets, starts, (int) runs + 1);
    return runs;
  }

  /** The work of one segmented pass over heap arrays of chunks. */
  @FunctionalInterface
  private interface Work {
    SegmentWork over(Object in, Object out, int chunks);
  }

  /**
   * Runs a segmented reduce ({@code reduce}: chunks of {@link CpuPolicy#REDUCE_CHUNK}, one output
   * per segment) or scan (chunks of {@link CpuPolicy#SCAN_CHUNK}, one output per element) on the
   * heap arrays of the buffers, or on heap copies of those that live off the heap (the outputs are
   * copied back).
   */
  private void run(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      boolean reduce,
      Work work) {
    int n = (int) heapLength(values);
    long outLength = reduce ? segments : values.length();
    Object o = CpuBuffer.outputArray(out, outLength);
    SegmentChunks chunks =
        new SegmentChunks(
            SegmentChunks.of(CpuBuffer.heapArray(offsets)),
            Math.toIntExact(segments),
            n,
            reduce ? CpuPolicy.REDUCE_CHUNK : CpuPolicy.SCAN_CHUNK);
    SegmentWork w = work.over(CpuBuffer.heapArray(values), o, chunks.chunks());
    if (reduce) {
      chunks.reduce(parallel, w);
    } else {
      chunks.scan(parallel, w);
    }
    CpuBuffer.storeBack(out, o, (int) outLength);
  }

  private static long heapLength(DeviceBuffer buffer) {
    if (buffer.length() > CpuPolicy.MAX_ELEMENTS) {
      throw new UnsupportedOperationException(
          "segmented and by-key calls on cpu buffers longer than a Java array ("
              + buffer
              + ") are not supported yet");
    }
    return buffer.length();
  }
}
