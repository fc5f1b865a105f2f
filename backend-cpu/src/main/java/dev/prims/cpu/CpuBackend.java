package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.DotProduct;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.util.List;

/**
 * The ForkJoin CPU backend: Java heap arrays as buffers (off-heap memory beyond the longest array,
 * see {@link CpuBufferManager}), its own pool of {@code prims.cpu.threads} workers, one variant per
 * primitive. Results do not depend on the thread count.
 */
final class CpuBackend implements Backend {
  private final DeviceInfo device;
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
    this.buffers = buffers.allocatingOn(parallel);
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

  @Override
  public void close() {
    parallel.close();
  }
}
