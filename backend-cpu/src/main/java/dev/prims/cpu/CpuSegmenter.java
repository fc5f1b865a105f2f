package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.Segmenter;
import java.lang.reflect.Array;

/**
 * Segmented reduce and scan on the CPU: one flat pass over chunks of {@link CpuPolicy#REDUCE_CHUNK}
 * (reduce) or {@link CpuPolicy#SCAN_CHUNK} (scan) elements, whatever the segment lengths ({@link
 * SegmentChunks}); runs of keys found chunk by chunk ({@link CpuRuns}). Buffers must be on the
 * heap.
 */
final class CpuSegmenter implements Segmenter {
  static final String FLAT = "segmented-flat";

  private final CpuParallel parallel;

  CpuSegmenter(CpuParallel parallel) {
    this.parallel = parallel;
  }

  @Override
  public void reduce(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      CallContext call) {
    call.usedVariant(FLAT);
    pass(
        values,
        offsets,
        segments,
        out,
        true,
        (in, o, chunks) -> new FastSegmentWork(values.type(), in, o, op, true, chunks));
  }

  @Override
  public void scan(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      CallContext call) {
    call.usedVariant(FLAT);
    boolean inclusive = kind == ScanKind.INCLUSIVE;
    pass(
        values,
        offsets,
        segments,
        out,
        false,
        (in, o, chunks) -> new FastSegmentWork(values.type(), in, o, op, inclusive, chunks));
  }

  @Override
  public void foldReduce(
      DeviceBuffer values, DeviceBuffer offsets, long segments, DeviceBuffer out, FoldPlan plan) {
    pass(
        values,
        offsets,
        segments,
        out,
        true,
        (in, o, chunks) -> new FoldSegmentWork(in, o, plan, true, chunks));
  }

  @Override
  public void foldScan(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ScanKind kind,
      FoldPlan plan) {
    boolean inclusive = kind == ScanKind.INCLUSIVE;
    pass(
        values,
        offsets,
        segments,
        out,
        false,
        (in, o, chunks) -> new FoldSegmentWork(in, o, plan, inclusive, chunks));
  }

  @Override
  public long runs(
      DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call) {
    int n = (int) heapLength(keys);
    Object unique = output(uniqueKeys, n);
    Object starts = output(offsets, n + 1L);
    long runs = new CpuRuns(parallel).find(heapArray(keys), n, unique, starts);
    store(uniqueKeys, unique, (int) runs);
    store(offsets, starts, (int) runs + 1);
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
  private void pass(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      boolean reduce,
      Work work) {
    int n = (int) heapLength(values);
    long outLength = reduce ? segments : values.length();
    Object o = output(out, outLength);
    SegmentChunks chunks =
        new SegmentChunks(
            SegmentChunks.of(heapArray(offsets)),
            Math.toIntExact(segments),
            n,
            reduce ? CpuPolicy.REDUCE_CHUNK : CpuPolicy.SCAN_CHUNK);
    SegmentWork w = work.over(heapArray(values), o, chunks.chunks());
    if (reduce) {
      chunks.reduce(parallel, w);
    } else {
      chunks.scan(parallel, w);
    }
    store(out, o, (int) outLength);
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

  /** The buffer's own array, or a heap copy of an off-heap buffer. */
  private static Object heapArray(DeviceBuffer buffer) {
    CpuBuffer cpu = CpuBuffer.of(buffer);
    if (cpu.onHeap()) {
      return CpuBuffer.arrayOf(buffer);
    }
    int n = (int) heapLength(buffer);
    Object copy = Array.newInstance(buffer.type().arrayClass().getComponentType(), n);
    cpu.load(0, copy, 0, n);
    return copy;
  }

  /** The array to write {@code length} outputs into: the buffer's own, or a new heap array. */
  private static Object output(DeviceBuffer buffer, long length) {
    CpuBuffer cpu = CpuBuffer.of(buffer);
    if (cpu.onHeap()) {
      return CpuBuffer.arrayOf(buffer);
    }
    return Array.newInstance(
        buffer.type().arrayClass().getComponentType(), Math.toIntExact(length));
  }

  /** Copies outputs written to a heap array back into an off-heap buffer. */
  private static void store(DeviceBuffer buffer, Object array, int length) {
    CpuBuffer cpu = CpuBuffer.of(buffer);
    if (!cpu.onHeap()) {
      cpu.store(0, array, 0, length);
    }
  }
}
