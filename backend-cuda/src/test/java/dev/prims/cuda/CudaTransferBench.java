package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.engine.CostModel;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * A measuring tool (not a test) for issue 7, run by {@code src/test/device/transfers-gpu.sh}:
 *
 * <ol>
 *   <li>a float sum of a 2^28-element Java array on CUDA, transfer included (wall time), on the
 *       staged path (pinned slots, copy overlapping compute) and the pageable path (one pageable
 *       copy, then the kernel), with the upload and the kernel of the pageable path timed apart;
 *   <li>scan, histogram, reduce chained on a 2^28-element device buffer, each timed, with the
 *       {@link CudaTransferCounter} before and after;
 *   <li>what {@code prims.backend=auto} measures and chooses for a small and a large array.
 * </ol>
 */
public final class CudaTransferBench {
  private static final int N = 1 << 28;
  private static final int WARMUP = 2;
  private static final int REPS = 7;

  private CudaTransferBench() {}

  public static void main(String[] args) {
    float[] x = new float[N];
    SplittableRandom random = new SplittableRandom(42);
    double exact = 0;
    for (int i = 0; i < N; i++) {
      x[i] = (random.nextInt() >>> 8) * (1.0f / 16777216.0f);
      exact += x[i];
    }
    System.out.printf(Locale.ROOT, "float sum of %d elements, exact %.6e%n", N, exact);
    try (Prims staged = cuda("staged");
        Prims pageable = cuda("pageable")) {
      System.out.println("device " + staged.primaryBackend().device().name());
      double s = hostSum("staged", staged, x, exact);
      double p = hostSum("pageable", pageable, x, exact);
      System.out.printf(Locale.ROOT, "host-array speedup staged vs pageable: %.2fx%n", p / s);
      pageablePhases(pageable, x);
      chain(staged, x);
    }
    autoChoice(x);
  }

  private static Prims cuda(String hostPath) {
    return Prims.create(
        PrimsConfig.builder()
            .backend("cuda")
            .fallback(false)
            .set(CudaTransferPolicy.HOST_PATH_KEY, hostPath)
            .build());
  }

  /** Median wall milliseconds of a float sum of {@code x}; prints best, median, GB/s, counter. */
  private static double hostSum(String name, Prims prims, float[] x, double exact) {
    CudaTransferCounter counter = CudaTransferCounter.of(prims).orElseThrow();
    Scalar[] last = new Scalar[1];
    for (int i = 0; i < WARMUP; i++) {
      prims.reduce(x, ReduceOp.SUM);
    }
    counter.reset();
    double[] ms = time(() -> last[0] = prims.reduce(x, ReduceOp.SUM));
    double median = ms[ms.length / 2];
    System.out.printf(
        Locale.ROOT,
        "bench host-sum %-8s best %8.2f ms  median %8.2f ms  %6.1f GB/s  sum %.6e (rel err %.1e)"
            + "  per call %d B to device, %d B to host  [%s]%n",
        name,
        ms[0],
        median,
        4.0 * N / median / 1e6,
        last[0].asFloat(),
        Math.abs(last[0].asFloat() - exact) / exact,
        counter.bytesToDevice() / REPS,
        counter.bytesToHost() / REPS,
        last[0].provenance());
    return median;
  }

  /** The pageable path's two phases apart: one pageable upload, then the kernel on the buffer. */
  private static void pageablePhases(Prims prims, float[] x) {
    double[] upload = new double[REPS];
    double[] kernel = new double[REPS];
    for (int r = 0; r < REPS; r++) {
      long t0 = System.nanoTime();
      try (DeviceBuffer b = prims.upload(x)) {
        long t1 = System.nanoTime();
        prims.reduce(b, ReduceOp.SUM);
        long t2 = System.nanoTime();
        upload[r] = (t1 - t0) / 1e6;
        kernel[r] = (t2 - t1) / 1e6;
      }
    }
    Arrays.sort(upload);
    Arrays.sort(kernel);
    System.out.printf(
        Locale.ROOT,
        "bench pageable-phases upload median %.2f ms (%.1f GB/s), kernel median %.3f ms%n",
        upload[REPS / 2],
        4.0 * N / upload[REPS / 2] / 1e6,
        kernel[REPS / 2]);
  }

  /** Scan -> histogram -> reduce on a device buffer, timed, with the counter around it. */
  private static void chain(Prims prims, float[] x) {
    CudaTransferCounter counter = CudaTransferCounter.of(prims).orElseThrow();
    try (DeviceBuffer input = prims.upload(x);
        DeviceBuffer prefix = prims.allocate(DType.FLOAT, N);
        DeviceBuffer counts = prims.allocate(DType.LONG, 256)) {
      HistogramSpec spec = HistogramSpec.even(256, 0, 0.5 * N);
      for (int i = 0; i < WARMUP; i++) {
        prims.scan(input, prefix, ReduceOp.SUM, ScanKind.INCLUSIVE);
        prims.histogram(prefix, spec, counts);
        prims.reduce(counts, ReduceOp.SUM);
      }
      counter.reset();
      long t0 = System.nanoTime();
      Provenance scan = prims.scan(input, prefix, ReduceOp.SUM, ScanKind.INCLUSIVE);
      long t1 = System.nanoTime();
      long outOfRange = prims.histogram(prefix, spec, counts);
      long t2 = System.nanoTime();
      Scalar inRange = prims.reduce(counts, ReduceOp.SUM);
      long t3 = System.nanoTime();
      System.out.printf(
          Locale.ROOT,
          "bench chain scan %.3f ms, histogram %.3f ms, reduce %.3f ms, total %.3f ms;"
              + " in range %d + out of range %d = %d (n %d); transfers during chain: %d B to"
              + " device, %d B to host (a 2^28 float buffer is %d B) [%s]%n",
          (t1 - t0) / 1e6,
          (t2 - t1) / 1e6,
          (t3 - t2) / 1e6,
          (t3 - t0) / 1e6,
          inRange.asLong(),
          outOfRange,
          inRange.asLong() + outOfRange,
          N,
          counter.bytesToDevice(),
          counter.bytesToHost(),
          4L * N,
          scan);
    }
  }

  /** What auto measures, and what it picks for a million floats and for 2^28. */
  private static void autoChoice(float[] x) {
    try (Prims auto = Prims.create(PrimsConfig.builder().backend("auto").build())) {
      CostModel model = auto.costModel();
      model.rates().forEach((id, r) -> System.out.println("costmodel " + id + ": " + r));
      System.out.println("costmodel cache " + model.cacheFile());
      float[] million = Arrays.copyOf(x, 1_000_000);
      report("auto 1e6 floats", () -> auto.reduce(million, ReduceOp.SUM));
      report("auto 2^28 floats", () -> auto.reduce(x, ReduceOp.SUM));
    } catch (RuntimeException e) {
      System.out.println("auto failed: " + e);
    }
  }

  private static void report(String what, Supplier<Scalar> call) {
    long t0 = System.nanoTime();
    Scalar s = call.get();
    System.out.printf(
        Locale.ROOT,
        "%s: %.2f ms wall, %s%n",
        what,
        (System.nanoTime() - t0) / 1e6,
        s.provenance());
  }

  private static double[] time(Runnable work) {
    double[] ms = new double[REPS];
    for (int r = 0; r < REPS; r++) {
      long t0 = System.nanoTime();
      work.run();
      ms[r] = (System.nanoTime() - t0) / 1e6;
    }
    Arrays.sort(ms);
    return ms;
  }
}
