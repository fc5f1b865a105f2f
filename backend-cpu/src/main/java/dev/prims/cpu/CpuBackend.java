package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.DotProduct;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import dev.prims.spi.Segmenter;
import java.util.List;
import java.util.Optional;

/**
 * The ForkJoin CPU backend: Java heap arrays as buffers (off-heap memory beyond the longest array,
 * see {@link CpuBufferManager}), its own pool of {@code prims.cpu.threads} workers, one variant per
 * primitive. Results do not depend on the thread count.
 */
final class CpuBackend implements Backend {
  private final DeviceInfo device;
  private final MemoryLedger ledger = new MemoryLedger(CpuBuffer.BACKEND);
  private final CpuParallel parallel;
  private final CpuBufferManager buffers;
  private final CpuReducer reducer;
  private final CpuScanner scanner;
  private final CpuHistogrammer histogrammer;
  private final CpuDot dot;
  private final FoldKernels foldKernels;

  CpuBackend(DeviceInfo device, int threads, CpuBufferManager buffers) {
    this.device = device;
    this.parallel = new CpuParallel(threads);
    this.buffers = buffers.allocatingOn(parallel, ledger);
    this.reducer = new CpuReducer(parallel);
    this.scanner = new CpuScanner(parallel);
    this.histogrammer = new CpuHistogrammer(parallel);
    this.dot = new CpuDot(parallel);
    this.foldKernels = new CpuFoldDispatch(new CpuFoldKernels(parallel));
  }

  @Override
  public String id() {
    return CpuBuffer.BACKEND;
  }

  @Override
  public DeviceInfo device() {
    return device;
  }

  @Override
  public BufferManager buffers() {
    return buffers;
  }

  @Override
  public Reducer reducer() {
    return reducer;
  }

  @Override
  public Scanner scanner() {
    return scanner;
  }

  @Override
  public Histogrammer histogrammer() {
    return histogrammer;
  }

  @Override
  public DotProduct dot() {
    return dot;
  }

  @Override
  public Segmenter segmenter() {
    return new CpuSegmenter(parallel);
  }

  @Override
  public FoldKernels foldKernels() {
    return foldKernels;
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
