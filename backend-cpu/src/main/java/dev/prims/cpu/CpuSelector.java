package dev.prims.cpu;

import dev.prims.TopKOrder;
import dev.prims.cpu.CpuSelectProgram.IndexTest;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceSelect;
import dev.prims.spi.Selector;
import java.lang.reflect.Array;
import java.util.function.IntFunction;

/**
 * The cpu backend's select and partition: two passes over chunks on the backend's workers (count
 * the kept values of each chunk; then, from the scanned counts, each chunk writes its kept values
 * and, for a partition, the others in place), the predicate evaluated in both. Top-k is {@link
 * CpuTopK}'s chunk heaps for k up to {@link CpuTopK#MAX_K}, else {@link DeviceSelect}'s radix
 * select over {@link CpuSelectKernels}. Buffers off the heap go through a Java array.
 */
final class CpuSelector implements Selector {
  /** The variant of the two-pass select. */
  static final String TWO_PASS = "count-scatter";

  /** The variant of a top-k of small k. */
  static final String CHUNK_HEAPS = "chunk-heaps";

  /** Elements per chunk at least. */
  private static final int MIN_CHUNK = 1 << 14;

  private final CpuParallel parallel;
  private final DeviceSelect radix;
  private final CpuTopK heaps;

  CpuSelector(Backend backend, CpuParallel parallel) {
    this.parallel = parallel;
    this.radix = new DeviceSelect(backend, new CpuSelectKernels(parallel));
    this.heaps = new CpuTopK(parallel);
  }

  @Override
  public Selection select(BufferManager buffers, ArraySelect select, CallContext call) {
    Object values = select.values();
    int n = Array.getLength(values);
    boolean partition = select.partition();
    return select(
        values,
        select.program(),
        select.flags(),
        partition,
        kept -> Array.newInstance(values.getClass().getComponentType(), partition ? n : kept),
        call);
  }

  @Override
  public long select(BufferSelect select, CallContext call) {
    Object in = CpuBuffer.heapArray(select.values());
    int[] f = select.flags() == null ? null : (int[]) CpuBuffer.heapArray(select.flags());
    int n = Array.getLength(in);
    Object outArray = CpuBuffer.outputArray(select.out(), n);
    Selection s = select(in, select.program(), f, select.partition(), kept -> outArray, call);
    CpuBuffer.storeBack(select.out(), outArray, n);
    return s.kept();
  }

  /**
   * The two-pass select of the array {@code in} into the array that {@code output} gives for the
   * kept count (at least that long; as long as {@code in} for a partition).
   */
  private Selection select(
      Object in,
      long[] program,
      int[] flags,
      boolean partition,
      IntFunction<Object> output,
      CallContext call) {
    int n = Array.getLength(in);
    IndexTest test = CpuSelectProgram.compile(program, in, flags);
    int chunks = chunks(n);
    int[] starts = keptStarts(parallel, test, n, chunks);
    int kept = starts[chunks];
    Object out = output.apply(kept);
    scatter(test, in, out, n, chunks, starts, partition);
    call.usedVariant(TWO_PASS);
    return new Selection(out, kept);
  }

  /** Small k of heap arrays by {@link CpuTopK}, the rest by the radix select. */
  @Override
  public void topK(BufferManager buffers, ArrayTopK topK, CallContext call) {
    if (topK.k() <= CpuTopK.MAX_K) {
      heaps(topK.values(), topK.k(), topK.order(), topK.valuesOut(), topK.indicesOut(), call);
      return;
    }
    Selector.super.topK(buffers, topK, call);
  }

  @Override
  public void topK(BufferTopK topK, CallContext call) {
    if (topK.k() <= CpuTopK.MAX_K
        && CpuBuffer.allOnHeap(topK.values(), topK.valuesOut(), topK.indicesOut())) {
      heaps(
          CpuBuffer.arrayOf(topK.values()),
          topK.k(),
          topK.order(),
          CpuBuffer.arrayOf(topK.valuesOut()),
          (int[]) CpuBuffer.arrayOf(topK.indicesOut()),
          call);
      return;
    }
    radix.topK(topK, call);
  }

  /** {@link CpuTopK}'s top-k of heap arrays. */
  private void heaps(
      Object values, int k, TopKOrder order, Object valuesOut, int[] indicesOut, CallContext call) {
    heaps.topK(values, k, order == TopKOrder.LARGEST, valuesOut, indicesOut);
    call.usedVariant(CHUNK_HEAPS);
  }

  private int chunks(int n) {
    return parallel.ranges(n, 4, MIN_CHUNK);
  }

  /**
   * The first output slot of each of {@code chunks} ranges of {@code [0, n)} ({@link
   * CpuParallel#forEachRange}): the exclusive scan of the ranges' kept counts, the total last.
   */
  static int[] keptStarts(CpuParallel parallel, IndexTest test, int n, int chunks) {
    int[] counts = new int[chunks + 1];
    parallel.forEachRange(
        n,
        chunks,
        (c, from, to) -> {
          int kept = 0;
          for (int i = from; i < to; i++) {
            if (test.test(i)) {
              kept++;
            }
          }
          counts[c + 1] = kept;
        });
    for (int c = 0; c < chunks; c++) {
      counts[c + 1] += counts[c];
    }
    return counts;
  }

  private void scatter(
      IndexTest test, Object in, Object out, int n, int chunks, int[] starts, boolean partition) {
    int kept = starts[chunks];
    parallel.forEachRange(
        n,
        chunks,
        (c, from, to) ->
            SelectLoops.scatter(
                test, in, out, from, to, starts[c], partition ? kept + from - starts[c] : -1));
  }
}
