package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.Backend;
import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Device-resident throughput of the OpenCL backend, timed with OpenCL profiling events (first
 * kernel start to last kernel end), best and median of {@code REPS} runs after warm-up. Prints one
 * "bench opencl ..." line per measurement, in the format of the CUB reference program.
 *
 * <p>Run: {@code java -cp ... dev.prims.opencl.OpenClBenchmark [log2n] [platform] [items,...]}: the
 * optional list repeats the float scans with other scan items per work-item.
 */
public final class OpenClBenchmark {
  private static final int WARMUP = 5;
  private static final int REPS = 30;

  private OpenClBenchmark() {}

  public static void main(String[] args) {
    int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 28;
    int n = 1 << log2n;
    PrimsConfig.Builder config = PrimsConfig.builder().backend("opencl").fallback(false);
    if (args.length > 1) {
      config.set(OpenClDiscovery.PLATFORM_KEY, args[1]);
    }
    try (Prims prims = Prims.create(config.build())) {
      Backend backend = prims.primaryBackend();
      System.out.println("device " + backend.device().name() + " " + backend.device().details());
      float[] f = new float[n];
      IntStream.range(0, n).parallel().forEach(i -> f[i] = (hash32(i) >>> 8) * (1.0f / 16777216));
      try (DeviceBuffer in = prims.upload(f);
          DeviceBuffer out = prims.allocate(DType.FLOAT, n);
          DeviceBuffer counts = prims.allocate(DType.LONG, 256)) {
        timeVariants(
            backend,
            prims,
            Primitive.REDUCE,
            "reduce sum float",
            n,
            4.0 * n,
            view -> () -> view.reduce(in, ReduceOp.SUM));
        if (backend.foldKernels() != null) {
          Prims reproducible = prims.determinism(Determinism.REPRODUCIBLE);
          time(
              backend,
              "reduce sum float reproducible",
              n,
              4.0 * n,
              () -> reproducible.reduce(in, ReduceOp.SUM));
        }
        timeVariants(
            backend,
            prims,
            Primitive.SCAN,
            "scan inclusive sum float",
            n,
            8.0 * n,
            view -> () -> view.scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE));
        HistogramSpec spec = HistogramSpec.even(256, 0, 1);
        timeVariants(
            backend,
            prims,
            Primitive.HISTOGRAM,
            "histogram even 256 float",
            n,
            4.0 * n,
            view -> () -> view.histogram(in, spec, counts));
      }
      int[] ints = new int[n];
      IntStream.range(0, n)
          .parallel()
          .forEach(i -> ints[i] = Integer.remainderUnsigned(hash32(i), 1000));
      try (DeviceBuffer in = prims.upload(ints)) {
        time(backend, "reduce sum int", n, 4.0 * n, () -> prims.reduce(in, ReduceOp.SUM));
      }
      if (Boolean.parseBoolean(backend.device().details().get("fp64"))) {
        double[] d = new double[n];
        IntStream.range(0, n)
            .parallel()
            .forEach(i -> d[i] = Integer.toUnsignedLong(hash32(i)) * 0x1p-32);
        try (DeviceBuffer in = prims.upload(d)) {
          time(backend, "reduce sum double", n, 8.0 * n, () -> prims.reduce(in, ReduceOp.SUM));
        }
      }
    }
    if (args.length > 2) {
      for (String items : args[2].split(",")) {
        scanWithItems(config.set(OpenClScanPolicy.ITEMS_KEY, items.trim()).build(), n, items);
      }
    }
  }

  private static void scanWithItems(PrimsConfig config, int n, String items) {
    float[] f = new float[n];
    IntStream.range(0, n).parallel().forEach(i -> f[i] = (hash32(i) >>> 8) * (1.0f / 16777216));
    try (Prims prims = Prims.create(config);
        DeviceBuffer in = prims.upload(f);
        DeviceBuffer out = prims.allocate(DType.FLOAT, n)) {
      Backend backend = prims.primaryBackend();
      for (String v : backend.variants(Primitive.SCAN)) {
        if (v.equals("reduce-then-scan") || v.equals("decoupled-lookback")) {
          Prims view = prims.variant(Primitive.SCAN, v);
          time(
              backend,
              "scan inclusive sum float " + v + " items=" + items,
              n,
              8.0 * n,
              () -> view.scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE));
        }
      }
    }
  }

  /**
   * Times {@code call} on each variant of {@code primitive}, named {@code name} and the variant.
   */
  private static void timeVariants(
      Backend backend,
      Prims prims,
      Primitive primitive,
      String name,
      long n,
      double bytes,
      Function<Prims, Runnable> call) {
    for (String v : backend.variants(primitive)) {
      time(backend, name + " " + v, n, bytes, call.apply(prims.variant(primitive, v)));
    }
  }

  private static void time(Backend backend, String name, long n, double bytes, Runnable call) {
    for (int i = 0; i < WARMUP; i++) {
      call.run();
    }
    double[] ms = new double[REPS];
    for (int i = 0; i < REPS; i++) {
      ms[i] = backend.deviceMillis(call).orElseThrow();
    }
    Arrays.sort(ms);
    double best = ms[0];
    double median = ms[REPS / 2];
    System.out.printf(
        "bench opencl %-44s n=%-10d best_ms=%.4f median_ms=%.4f best_GBps=%.1f median_GBps=%.1f%n",
        name, n, best, median, bytes / best / 1e6, bytes / median / 1e6);
  }

  /** The hash the CUB reference fills its inputs with, so both measure the same data. */
  static int hash32(long i) {
    long x = i * 0x9E3779B97F4A7C15L;
    x ^= x >>> 31;
    x *= 0xBF58476D1CE4E5B9L;
    x ^= x >>> 29;
    return (int) (x >>> 32);
  }
}
