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
    onHeap(
        values,
        offsets,
        segments,
        out,
        segments,
        CpuPolicy.REDUCE_CHUNK,
        (chunks, in, o) ->
            chunks.reduce(
                parallel, new FastSegmentWork(values.type(), in, o, op, true, chunks.chunks())));
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
    onHeap(
        values,
        offsets,
        segments,
        out,
        values.length(),
        CpuPolicy.SCAN_CHUNK,
        (chunks, in, o) ->
            chunks.scan(
                parallel,
                new FastSegmentWork(values.type(), in, o, op, inclusive, chunks.chunks())));
  }

  @Override
  public void foldReduce(
      DeviceBuffer values, DeviceBuffer offsets, long segments, DeviceBuffer out, FoldPlan plan) {
    onHeap(
        values,
        offsets,
        segments,
        out,
        segments,
        CpuPolicy.REDUCE_CHUNK,
        (chunks, in, o) ->
            chunks.reduce(parallel, new FoldSegmentWork(in, o, plan, true, chunks.chunks())));
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
    onHeap(
        values,
        offsets,
        segments,
        out,
        values.length(),
        CpuPolicy.SCAN_CHUNK,
        (chunks, in, o) ->
            chunks.scan(parallel, new FoldSegmentWork(in, o, plan, inclusive, chunks.chunks())));
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

  /** A segmented pass over heap arrays. */
  @FunctionalInterface
  private interface Pass {
    void run(SegmentChunks chunks, Object in, Object out);
  }

  /**
   * Runs {@code pass} on the heap arrays of the buffers, or on heap copies of those that live off
   * the heap (the first {@code outLength} outputs are copied back).
   */
  private static void onHeap(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      long outLength,
      int chunk,
      Pass pass) {
    int n = (int) heapLength(values);
    Object o = output(out, outLength);
    SegmentChunks chunks =
        new SegmentChunks(
            SegmentChunks.of(heapArray(offsets)), Math.toIntExact(segments), n, chunk);
    pass.run(chunks, heapArray(values), o);
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
