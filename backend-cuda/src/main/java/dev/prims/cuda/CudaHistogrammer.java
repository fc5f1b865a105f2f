package dev.prims.cuda;

import static dev.prims.cuda.CudaHistogramPolicy.BLOCK_SIZE;
import static dev.prims.cuda.CudaReducePolicy.ceilDiv;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.Histogrammer;
import java.util.concurrent.CompletableFuture;
import jcuda.driver.CUdeviceptr;

/**
 * Histogram on the device: bulk-copy tiles counted into shared-memory sub-histograms (the default
 * on devices with bulk copies, up to {@link CudaHistogramPolicy#BULK_MAX_BINS} bins), shared-memory
 * privatised atomics (the default elsewhere while the bins fit in shared memory), global atomics
 * (the default beyond), or per-tile sort then reduce-by-key. Even bins use the parameters of {@link
 * EvenBins} in the data's own type.
 */
final class CudaHistogrammer implements Histogrammer {
  private final CudaBackend backend;

  CudaHistogrammer(CudaBackend backend) {
    this.backend = backend;
  }

  @Override
  public long histogram(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    return backend.callAndRead(
        prepare(input, spec, counts, call),
        bytes -> backend.valueOf(bytes, DType.LONG).longValue());
  }

  /**
   * Enqueues the histogram and returns; the future completes with the out-of-range count when the
   * stream has written {@code counts} (read from its own result slot).
   */
  @Override
  public CompletableFuture<Long> histogramAsync(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    return backend.enqueueAsync(
        prepare(input, spec, counts, call),
        bytes -> backend.valueOf(bytes, DType.LONG).longValue());
  }

  /**
   * Checks the call, records the variant, and returns what enqueues it (under the lock), leaving
   * the out-of-range count in the result slot.
   */
  private Runnable prepare(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    CudaBuffer in = backend.own(input);
    CudaBuffer out = backend.own(counts);
    spec.requireCompatible(in.type());
    Histogrammer.requireCounts(out, spec.bins());
    String variant = chooseVariant(call, spec.bins());
    call.usedVariant(variant);
    return () -> {
      enqueue(in, spec, out, variant);
      backend.copyToResultSlot(backend.scratch(8), DType.LONG);
    };
  }

  private String chooseVariant(CallContext call, int bins) {
    boolean fitsShared = bins <= CudaHistogramPolicy.SHARED_MAX_BINS;
    if (call.variant() == null) {
      boolean bulk =
          bins <= CudaHistogramPolicy.BULK_MAX_BINS
              && backend.variants(Primitive.HISTOGRAM).contains(CudaHistogramPolicy.BULK);
      return bulk ? CudaHistogramPolicy.BULK : fitsShared ? "shared-atomics" : "global-atomics";
    }
    if (call.variant().equals(CudaHistogramPolicy.BULK)
        && bins > CudaHistogramPolicy.BULK_MAX_BINS) {
      call.note(
          "bulk holds at most "
              + CudaHistogramPolicy.BULK_MAX_BINS
              + " bins in shared memory; ran "
              + (fitsShared ? "shared-atomics" : "global-atomics")
              + " for "
              + bins
              + " bins");
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

  /**
   * Enqueues zeroing {@code out} and the out-of-range count (the first 8 bytes of scratch), then
   * the kernel, without waiting (under the lock).
   */
  private void enqueue(CudaBuffer in, HistogramSpec spec, CudaBuffer out, String variant) {
    long n = in.length();
    CUdeviceptr outOfRange = backend.scratch(8);
    backend.zero(out.pointer(), 2L * spec.bins());
    backend.zero(outOfRange, 2);
    if (n > 0) {
      enqueue(in.pointer(), n, in.type(), spec, out.pointer(), outOfRange, variant);
    }
  }

  /**
   * On the staged path, streams the array through pinned slots, counting chunk i while chunk i+1 is
   * copied, into one device histogram; otherwise one pageable copy then the kernel.
   */
  @Override
  public long histogram(
      BufferManager buffers, Object array, HistogramSpec spec, long[] counts, CallContext call) {
    if (!backend.stagedHostPath()) {
      return Histogrammer.super.histogram(buffers, array, spec, counts, call);
    }
    DType type = DType.ofArray(array);
    spec.requireCompatible(type);
    String variant = chooseVariant(call, spec.bins());
    call.usedVariant(variant);
    try (DeviceBuffer output = buffers.allocate(DType.LONG, spec.bins())) {
      CudaBuffer out = backend.own(output);
      long outOfRangeCount =
          backend.call(
              () -> {
                CUdeviceptr outOfRange = backend.scratch(8);
                backend.zero(out.pointer(), 2L * spec.bins());
                backend.zero(outOfRange, 2);
                backend.streamer().stream(
                    new Object[] {array},
                    type,
                    (inputs, length, unused) ->
                        enqueue(inputs[0], length, type, spec, out.pointer(), outOfRange, variant));
                return backend.fetch(outOfRange, DType.LONG).longValue();
              });
      buffers.download(output, counts);
      return outOfRangeCount;
    }
  }

  /**
   * Enqueues the kernel of {@code variant} over {@code n} elements at {@code input}, adding into
   * {@code out} and {@code outOfRange} (zeroed by the caller), without waiting.
   */
  private void enqueue(
      CUdeviceptr input,
      long n,
      DType type,
      HistogramSpec spec,
      CUdeviceptr out,
      CUdeviceptr outOfRange,
      String variant) {
    int bins = spec.bins();
    boolean lanes =
        variant.equals(CudaHistogramPolicy.BULK) && bins <= CudaHistogramPolicy.BULK_LANE_MAX_BINS;
    String kernel =
        "histogram_" + variant.replace('-', '_') + (lanes ? "_lanes_" : "_") + type.id();
    String module = variant.equals(CudaHistogramPolicy.BULK) ? "histogram_bulk" : "histogram";
    KernelArgs args = new KernelArgs().pointer(input).i64(n).i32(bins);
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
      case CudaHistogramPolicy.BULK:
        if (!lanes) {
          args.i32(CudaHistogramPolicy.bulkCopies(bins));
        }
        shared = CudaReducePolicy.BULK_SHARED_BYTES;
        // One block per whole tile, within the resident blocks; each under 2^32 elements.
        blocks =
            Math.max(
                CudaReducePolicy.bulkBlocks(
                    n, type.bytes(), 1, backend.residentBlocks(module, kernel, shared, 1 << 20)),
                ceilDiv(n, 1L << 31));
        break;
      case "sort-reduce":
        blocks = Math.min(ceilDiv(n, CudaHistogramPolicy.SORT_TILE), residentBlocks(kernel, 0));
        break;
      default:
        blocks = Math.min(ceilDiv(n, BLOCK_SIZE), residentBlocks(kernel, 0));
        break;
    }
    args.pointer(out).pointer(outOfRange);
    backend.launch(module, kernel, blocks, shared, args);
  }

  private int residentBlocks(String kernel, int sharedBytes) {
    return backend.residentBlocks(
        "histogram", kernel, sharedBytes, CudaHistogramPolicy.BLOCKS_PER_SM);
  }
}
