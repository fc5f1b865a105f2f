package dev.prims.aparapi;

import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.spi.Backend;
import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * Float reduce-sum throughput of the Aparapi backend on device-resident data: the input is uploaded
 * once, then reduced repeatedly without being copied again. Prints best and median of the wall time
 * per call (kernel, partials copy-back and host fold) and, when Aparapi profiling is on ({@code
 * -Dcom.aparapi.enableProfiling=true}), of the kernel time by OpenCL events.
 *
 * <pre>
 * java -Xmx8g -Dcom.aparapi.enableProfiling=true -cp ... dev.prims.aparapi.AparapiReduceBench \
 *     [log2n=28] [reps=30] [device]
 * </pre>
 */
public final class AparapiReduceBench {
  private static final int WARMUP = 5;

  private AparapiReduceBench() {}

  public static void main(String[] args) {
    int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 28;
    int reps = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    PrimsConfig.Builder config = PrimsConfig.builder().backend("aparapi").fallback(false);
    if (args.length > 2) {
      config.device(args[2]);
    }
    int n = 1 << log2n;
    float[] data = new float[n];
    double exact = 0;
    for (int i = 0; i < n; i++) {
      data[i] = (mix(i) >>> 8) * (1.0f / 16777216.0f);
      exact += data[i];
    }
    try (Prims prims = Prims.create(config.build());
        DeviceBuffer buffer = prims.upload(data)) {
      data = null;
      Backend backend = prims.primaryBackend();
      Scalar first = prims.reduce(buffer, ReduceOp.SUM);
      System.out.printf(
          "bench aparapi device=%s provenance=[%s] sum=%.6e exact=%.6e rel_err=%.2e%n",
          backend.device().name(),
          first.provenance(),
          first.asDouble(),
          exact,
          Math.abs(first.asDouble() - exact) / exact);
      for (int i = 0; i < WARMUP; i++) {
        prims.reduce(buffer, ReduceOp.SUM);
      }
      double[] wall = new double[reps];
      double[] kernel = new double[reps];
      boolean profiled = true;
      for (int i = 0; i < reps; i++) {
        long start = System.nanoTime();
        OptionalDouble device = backend.deviceMillis(() -> prims.reduce(buffer, ReduceOp.SUM));
        wall[i] = (System.nanoTime() - start) / 1e6;
        profiled &= device.isPresent();
        kernel[i] = device.orElse(Double.NaN);
      }
      report("reduce sum float (wall, resident)", n, wall);
      if (profiled) {
        report("reduce sum float (kernel, OpenCL events)", n, kernel);
      }
    }
  }

  private static void report(String what, int n, double[] millis) {
    double[] sorted = millis.clone();
    Arrays.sort(sorted);
    double best = sorted[0];
    double median = sorted[sorted.length / 2];
    double bytes = (double) n * Float.BYTES;
    System.out.printf(
        "bench aparapi %-40s n=%-10d best_ms=%.4f median_ms=%.4f best_GBps=%.1f median_GBps=%.1f"
            + " reps=%d%n",
        what, n, best, median, bytes / best / 1e6, bytes / median / 1e6, sorted.length);
  }

  private static int mix(long i) {
    long x = i * 0x9E3779B97F4A7C15L;
    x ^= x >>> 31;
    x *= 0xBF58476D1CE4E5B9L;
    x ^= x >>> 29;
    return (int) (x >>> 32);
  }
}
