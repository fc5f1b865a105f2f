package dev.prims.cuda;

import static dev.prims.cuda.CudaHistogramPolicy.BLOCK_SIZE;
import static dev.prims.cuda.CudaReducePolicy.ceilDiv;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import dev.prims.spi.CallContext;
import dev.prims.spi.Histogrammer;
import jcuda.driver.CUdeviceptr;

/**
 * Histogram on the device: shared-memory privatised atomics (the default while the bins fit in
 * shared memory), global atomics (the default beyond), or per-tile sort then reduce-by-key. Even
 * bins use the parameters of {@link EvenBins} in the data's own type.
 */
final class CudaHistogrammer implements Histogrammer {
  private final CudaBackend backend;

  CudaHistogrammer(CudaBackend backend) {
    this.backend = backend;
  }

  @Override
  public long histogram(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    CudaBuffer in = backend.own(input);
    CudaBuffer out = backend.own(counts);
    spec.requireCompatible(in.type());
    int bins = spec.bins();
    if (out.type() != DType.LONG || out.length() < bins) {
      throw new IllegalArgumentException(
          "histogram counts must be a long buffer of at least "
              + bins
              + " elements, got "
              + out.length()
              + " "
              + out.type().id());
    }
    String variant = chooseVariant(call, bins);
    call.usedVariant(variant);
    return backend.call(() -> run(in, spec, out, variant));
  }

  private static String chooseVariant(CallContext call, int bins) {
    boolean fitsShared = bins <= CudaHistogramPolicy.SHARED_MAX_BINS;
    if (call.variant() == null) {
      return fitsShared ? "shared-atomics" : "global-atomics";
    }
    if (call.variant().equals("shared-atomics") && !fitsShared) {
      call.note(
          "shared-atomics holds at most "
              + CudaHistogramPolicy.SHARED_MAX_BINS
              + " bins in shared memory; ran global-atomics for "
              + bins
              + " bins");
      return "global-atomics";
    }
    return call.variant();
  }

  private long run(CudaBuffer in, HistogramSpec spec, CudaBuffer out, String variant) {
    DType type = in.type();
    long n = in.length();
    int bins = spec.bins();
    CUdeviceptr outOfRange = backend.scratch(8);
    backend.zero(out.pointer(), 2L * bins);
    backend.zero(outOfRange, 2);
    if (n == 0) {
      return 0;
    }
    String kernel = "histogram_" + variant.replace('-', '_') + "_" + type.id();
    KernelArgs args = new KernelArgs().pointer(in.pointer()).i64(n).i32(bins);
    if (spec.isEven()) {
      EvenBins even = EvenBins.of(spec, type);
      if (type == DType.FLOAT) {
        args.f32(even.loF()).f32(even.hiF()).f32(even.scaleF());
      } else {
        args.f64(even.lo()).f64(even.hi()).f64(even.scale());
      }
    }
    long blocks;
    int shared = 0;
    switch (variant) {
      case "shared-atomics":
        int copies = CudaHistogramPolicy.copies(bins);
        args.i32(copies);
        shared = 4 * copies * bins;
        int resident = residentBlocks(kernel, shared);
        // Each block counts under 2^32 elements in its 32-bit private counters.
        blocks =
            Math.max(
                Math.min(ceilDiv(ceilDiv(n, 16 / type.bytes()), BLOCK_SIZE), resident),
                ceilDiv(n, 1L << 31));
        break;
      case "sort-reduce":
        blocks = Math.min(ceilDiv(n, CudaHistogramPolicy.SORT_TILE), residentBlocks(kernel, 0));
        break;
      default:
        blocks = Math.min(ceilDiv(n, BLOCK_SIZE), residentBlocks(kernel, 0));
        break;
    }
    args.pointer(out.pointer()).pointer(outOfRange);
    backend.launch("histogram", kernel, blocks, shared, args);
    return backend.fetch(outOfRange, DType.LONG).longValue();
  }

  private int residentBlocks(String kernel, int sharedBytes) {
    return backend.residentBlocks(
        "histogram", kernel, sharedBytes, CudaHistogramPolicy.BLOCKS_PER_SM);
  }
}
