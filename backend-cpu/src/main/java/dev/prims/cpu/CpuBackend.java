package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.spi.AbstractBackend;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.MemoryLedger;
import java.util.List;
import java.util.Optional;

/**
 * The ForkJoin CPU backend: Java heap arrays as buffers (off-heap memory beyond the longest array,
 * see {@link CpuBufferManager}), its own pool of {@code prims.cpu.threads} workers, one variant per
 * primitive. Results do not depend on the thread count.
 */
final class CpuBackend extends AbstractBackend {
  private final CpuArgReducer argReducer;
  private final CpuMomentsReducer momentsReducer;
  private final CpuSegmenter segmenter;
  private final CpuSorter sorter;
  private final MemoryLedger ledger = new MemoryLedger(CpuBuffer.BACKEND);
  private final CpuParallel parallel;

  CpuBackend(DeviceInfo device, int threads, CpuBufferManager buffers) {
    super(CpuBuffer.BACKEND, device);
    this.parallel = new CpuParallel(threads);
    this.argReducer = new CpuArgReducer(parallel);
    this.momentsReducer = new CpuMomentsReducer(parallel);
    this.segmenter = new CpuSegmenter(parallel);
    this.sorter = new CpuSorter(parallel);
    parts(
        buffers.allocatingOn(parallel, ledger),
        new CpuReducer(parallel),
        new CpuScanner(parallel),
        new CpuHistogrammer(parallel),
        new CpuDot(parallel),
        new CpuFoldDispatch(new CpuFoldKernels(parallel)));
  }

  @Override
  public dev.prims.spi.ArgReducer argReducer() {
    return argReducer;
  }

  @Override
  public dev.prims.spi.MomentsReducer momentsReducer() {
    return momentsReducer;
  }

  @Override
  public dev.prims.spi.Segmenter segmenter() {
    return segmenter;
  }

  @Override
  public dev.prims.spi.Sorter sorter() {
    return sorter;
  }

  @Override
  public List<String> variants(Primitive primitive) {
    switch (primitive) {
      case REDUCE:
        return List.of(CpuReducer.BLOCKED);
      case SCAN:
        return List.of(CpuScanner.CHAINED, CpuScanner.TWO_PASS);
      case HISTOGRAM:
        return List.of(CpuHistogrammer.PER_WORKER);
      default:
        return List.of(CpuDot.FUSED);
    }
  }

  @Override
  public long sequentialChain(DType type, long n) {
    return CpuPolicy.sequentialChain(n);
  }

  /** Its own buffers only: those its buffer manager made, not another engine's cpu buffers. */
  @Override
  public boolean owns(dev.prims.DeviceBuffer buffer) {
    return buffer instanceof CpuBuffer c && c.ledger() == ledger;
  }

  /** Bytes of the buffers made for users (heap and off-heap); per-call scratch is not kept. */
  @Override
  public Optional<MemoryLedger> ledger() {
    return Optional.of(ledger);
  }

  /** Ends the worker pool and closes every buffer still open. */
  @Override
  public void close() {
    try {
      parallel.close();
    } finally {
      ledger.closeBuffers();
    }
  }
}
