package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.spi.AbstractBackend;
import dev.prims.spi.DeviceInfo;
import java.util.List;

/**
 * The ForkJoin CPU backend: Java heap arrays as buffers (off-heap memory beyond the longest array,
 * see {@link CpuBufferManager}), its own pool of {@code prims.cpu.threads} workers, one variant per
 * primitive. Results do not depend on the thread count.
 */
final class CpuBackend extends AbstractBackend {
  private final CpuParallel parallel;

  CpuBackend(DeviceInfo device, int threads, CpuBufferManager buffers) {
    super(CpuBuffer.BACKEND, device);
    this.parallel = new CpuParallel(threads);
    sortAndSelect(new CpuSorter(parallel), new CpuSelector(this, parallel));
    parts(
        buffers.allocatingOn(parallel, ledger),
        new CpuReducer(parallel),
        new CpuScanner(parallel),
        new CpuHistogrammer(parallel),
        new CpuDot(parallel),
        new CpuFoldDispatch(new CpuFoldKernels(parallel)),
        new CpuArgReducer(parallel),
        new CpuMomentsReducer(parallel),
        new CpuSegmenter(parallel));
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
