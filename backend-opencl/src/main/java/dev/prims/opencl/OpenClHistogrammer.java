package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.Histogrammer;
import java.lang.reflect.Array;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.jocl.Pointer;
import org.jocl.cl_mem;

/**
 * Histogram on OpenCL; see histogram.cl. Counts go to a scratch array of {@code bins + 1} 64-bit
 * totals (the last one counts values out of range), copied into the caller's counts at the end.
 * Devices without 64-bit atomics count in 32 bits per work-group (or per slice) and merge.
 */
record OpenClHistogrammer(OpenClBackend backend) implements Histogrammer {
  private static final String FILE = "histogram.cl";

  @Override
  public long histogram(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    return backend.callAndRead("histogram", prepare(input, spec, counts, call)).longValue();
  }

  /**
   * Enqueues the histogram and returns; the future completes with the out-of-range count when the
   * queue has written {@code counts}.
   */
  @Override
  public CompletableFuture<Long> histogramAsync(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    return backend.callAsync(
        "histogram", prepare(input, spec, counts, call), value -> value.longValue());
  }

  /**
   * Checks the call and returns what enqueues it (under the lock), naming where the out-of-range
   * count lands.
   */
  private Supplier<OpenClBackend.ScalarAt> prepare(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    OpenClBuffer in = backend.own(input);
    OpenClBuffer out = backend.own(counts);
    DType type = in.type();
    backend.requireType(type);
    spec.requireCompatible(type);
    int bins = spec.bins();
    Histogrammer.requireCounts(out, bins);
    Counting counting = counting(type, spec, call);
    long n = in.length();
    return () -> {
      cl_mem totals = counting.zeroedTotals();
      if (n > 0) {
        counting.count(in.mem(), n, totals);
      }
      backend.copy(totals, out.mem(), bins * 8L);
      return new OpenClBackend.ScalarAt(totals, bins, DType.LONG);
    };
  }

  /**
   * A large host array streams through the pinned slots (see {@link OpenClHostStreamer#stream}):
   * chunk i+1 crosses the link while chunk i is counted into the totals. A small one is written,
   * then counted.
   */
  @Override
  public long histogram(
      BufferManager buffers, Object array, HistogramSpec spec, long[] counts, CallContext call) {
    DType type = DType.ofArray(array);
    long n = Array.getLength(array);
    OpenClHostStreamer streamer = backend.streamer();
    if (n == 0 || counts.length < spec.bins() || !streamer.policy().stages(n * type.bytes())) {
      return Histogrammer.super.histogram(buffers, array, spec, counts, call);
    }
    backend.requireType(type);
    spec.requireCompatible(type);
    Counting counting = counting(type, spec, call);
    int bins = spec.bins();
    return backend
        .callAndRead(
            "histogram",
            () -> {
              cl_mem totals = counting.zeroedTotals();
              streamer.stream(
                  new Object[] {array},
                  type,
                  (inputs, length, i) -> counting.count(inputs[0], length, totals));
              backend.read(totals, 0, Pointer.to(counts), bins * 8L);
              return new OpenClBackend.ScalarAt(totals, bins, DType.LONG);
            })
        .longValue();
  }

  /** The counting of one histogram: its variant, kernel options and parameters. */
  private Counting counting(DType type, HistogramSpec spec, CallContext call) {
    int bins = spec.bins();
    String variant = chooseVariant(backend.variant(Primitive.HISTOGRAM, call), bins, call);
    call.usedVariant(variant);
    boolean int64 = backend.int64Atomics();
    Build options =
        new Build(
            type, (spec.isEven() ? " -DEVEN_BINS" : "") + (int64 ? " -DUSE_INT64_ATOMICS" : ""));
    return new Counting(variant, options, parameters(spec, type), bins, int64);
  }

  /** What counts values into the {@code bins + 1} totals (the last one: out of range). */
  private final class Counting {
    private final String variant;
    private final Build options;
    private final Number[] params;
    private final int bins;
    private final boolean int64;

    Counting(String variant, Build options, Number[] params, int bins, boolean int64) {
      this.variant = variant;
      this.options = options;
      this.params = params;
      this.bins = bins;
      this.int64 = int64;
    }

    /** The scratch totals, zeroed on the queue. */
    cl_mem zeroedTotals() {
      long totalBytes = (bins + 1L) * 8;
      cl_mem totals = backend.scratch("histogram.totals", totalBytes);
      backend.zero(totals, totalBytes);
      return totals;
    }

    /** Enqueues the counting of the first {@code n} (> 0) values of {@code input} into totals. */
    void count(cl_mem input, long n, cl_mem totals) {
      switch (variant) {
        case "global-atomics":
          globalAtomics(options, input, n, params, bins, totals, int64);
          break;
        case "per-thread":
          perThread(options, input, n, params, bins, totals);
          break;
        default:
          sharedAtomics(options, input, n, params, bins, totals, int64);
          break;
      }
    }
  }

  /** The requested variant, or a note and a substitute when it cannot run this histogram. */
  private String chooseVariant(String requested, int bins, CallContext call) {
    OpenClDevice device = backend.openClDevice();
    if (requested.equals("shared-atomics") && !OpenClHistogramPolicy.fitsLocal(device, bins)) {
      call.note(
          "shared-atomics needs "
              + (bins + 1L) * 4
              + " bytes of local memory, the device has "
              + device.localMemory()
              + ": ran global-atomics");
      return "global-atomics";
    }
    if (requested.equals("per-thread") && !OpenClHistogramPolicy.fitsPerThread(bins)) {
      call.note(
          "per-thread would need "
              + (bins + 1L) * 4 * OpenClHistogramPolicy.BLOCK_SIZE
              + " bytes of private histograms per work-group, over the budget of "
              + OpenClHistogramPolicy.PER_THREAD_SCRATCH_BYTES
              + ": ran shared-atomics");
      return chooseVariant("shared-atomics", bins, call);
    }
    return requested;
  }

  /** lo, hi and scale in the input's type (zeros for integer keys). */
  private static Number[] parameters(HistogramSpec spec, DType type) {
    if (!spec.isEven()) {
      return type == DType.INT ? new Number[] {0, 0, 0} : new Number[] {0L, 0L, 0L};
    }
    EvenBins even = EvenBins.of(spec, type);
    if (type == DType.FLOAT) {
      return new Number[] {even.loF(), even.hiF(), even.scaleF()};
    }
    return new Number[] {even.lo(), even.hi(), even.scale()};
  }

  /** The input type and the histogram's extra build options. */
  private record Build(DType type, String options) {}

  private OpenClBackend.Kernel kernel(Build build, String name) {
    return backend.kernel(
        FILE,
        build.type(),
        ReduceOp.SUM,
        OpenClHistogramPolicy.BLOCK_SIZE,
        1,
        build.options(),
        name);
  }

  private void globalAtomics(
      Build options, cl_mem input, long n, Number[] p, int bins, cl_mem totals, boolean int64) {
    String name = "histogram_global_atomics";
    long groups = OpenClHistogramPolicy.groups(backend.openClDevice(), n);
    if (int64) {
      launch(options, name, groups, input, n, p, bins, totals);
      return;
    }
    if (n > OpenClHistogramPolicy.MAX_PER_COUNTER) {
      sharedAtomics(options, input, n, p, bins, totals, false);
      return;
    }
    cl_mem counts = backend.scratch("histogram.counts32", (bins + 1L) * 4);
    backend.zero(counts, (bins + 1L) * 4);
    launch(options, name, groups, input, n, p, bins, counts);
    merge(options, counts, 1, bins, totals);
  }

  private void sharedAtomics(
      Build options, cl_mem input, long n, Number[] p, int bins, cl_mem totals, boolean int64) {
    String name = "histogram_shared_atomics";
    long groups = OpenClHistogramPolicy.groups(backend.openClDevice(), n);
    OpenClBackend.LocalBytes local = new OpenClBackend.LocalBytes((bins + 1L) * 4);
    if (int64) {
      launch(options, name, groups, input, n, p, bins, local, totals);
      return;
    }
    cl_mem partials = backend.scratch("histogram.partials", groups * (bins + 1L) * 4);
    launch(options, name, groups, input, n, p, bins, local, partials);
    merge(options, partials, groups, bins, totals);
  }

  private void perThread(Build options, cl_mem input, long n, Number[] p, int bins, cl_mem totals) {
    long groups = OpenClHistogramPolicy.perThreadGroups(backend.openClDevice(), n, bins);
    long rows = groups * OpenClHistogramPolicy.BLOCK_SIZE;
    long bytes = rows * (bins + 1L) * 4;
    cl_mem rowsMem = backend.scratch("histogram.rows", bytes);
    backend.zero(rowsMem, bytes);
    launch(options, "histogram_per_thread", groups, input, n, p, bins, rowsMem);
    merge(options, rowsMem, rows, bins, totals);
  }

  /**
   * Launches the counting kernel {@code name} on {@code groups} work-groups with its common
   * arguments (input, length, lo, hi, scale, bins) followed by {@code rest}.
   */
  private void launch(
      Build options,
      String name,
      long groups,
      cl_mem input,
      long n,
      Number[] p,
      int bins,
      Object... rest) {
    Object[] args = new Object[6 + rest.length];
    args[0] = input;
    args[1] = n;
    args[2] = p[0];
    args[3] = p[1];
    args[4] = p[2];
    args[5] = bins;
    System.arraycopy(rest, 0, args, 6, rest.length);
    backend.launch(kernel(options, name), groups, OpenClHistogramPolicy.BLOCK_SIZE, args);
  }

  private void merge(Build options, cl_mem partials, long rows, int bins, cl_mem totals) {
    backend.launch(
        kernel(options, "histogram_merge"),
        OpenClReducePolicy.ceilDiv(bins + 1L, OpenClHistogramPolicy.BLOCK_SIZE),
        OpenClHistogramPolicy.BLOCK_SIZE,
        partials,
        rows,
        bins,
        totals);
  }
}
