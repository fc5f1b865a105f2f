package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.spi.Backend;
import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * Reduce-sum throughput of the Aparapi backend on device-resident data: each input is uploaded
 * once, then reduced repeatedly without being copied again. Prints best and median of the wall time
 * per call (kernel, partials copy-back and host fold) and, when Aparapi profiling is on ({@code
 * -Dcom.aparapi.enableProfiling=true}), of the kernel time by OpenCL events.
 *
 * <pre>
 * java -Xmx12g -Dcom.aparapi.enableProfiling=true -cp ... dev.prims.aparapi.AparapiReduceBench \
 *     [log2n=28] [reps=30] [device] [types=float,int]
 * </pre>
 */
public final class AparapiReduceBench {
  private static final int WARMUP = 5;

  private AparapiReduceBench() {}

  public static void main(String[] args) {
    int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 28;
    int reps = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    PrimsConfig.Builder config = PrimsConfig.builder().backend("aparapi").fallback(false);
    if (args.length > 2 && !args[2].isBlank()) {
      config.device(args[2]);
    }
    String types = args.length > 3 ? args[3] : "float,int";
    try (Prims prims = Prims.create(config.build())) {
      for (String id : types.split(",")) {
        bench(prims, DType.parse(id), 1 << log2n, reps);
      }
    }
  }

  private static void bench(Prims prims, DType type, int n, int reps) {
    Object data = data(type, n);
    double exact = exactSum(data);
    try (DeviceBuffer buffer = prims.upload(data)) {
      data = null;
      Backend backend = prims.primaryBackend();
      Scalar first = prims.reduce(buffer, ReduceOp.SUM);
      System.out.printf(
          "bench aparapi %s provenance=[%s] sum=%s exact=%.6e%n",
          type.id(), first.provenance(), first.value(), exact);
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
      double bytes = (double) n * type.bytes();
      report("reduce sum " + type.id() + " (wall, resident)", n, bytes, wall);
      if (profiled) {
        report("reduce sum " + type.id() + " (kernel, OpenCL events)", n, bytes, kernel);
      }
    }
  }

  private static Object data(DType type, int n) {
    switch (type) {
      case FLOAT:
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
          f[i] = (mix(i) >>> 8) * (1.0f / 16777216.0f);
        }
        return f;
      case INT:
        int[] ints = new int[n];
        for (int i = 0; i < n; i++) {
          ints[i] = Integer.remainderUnsigned(mix(i), 1000);
        }
        return ints;
      case LONG:
        long[] longs = new long[n];
        for (int i = 0; i < n; i++) {
          longs[i] = Integer.remainderUnsigned(mix(i), 1000);
        }
        return longs;
      default:
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
          d[i] = Integer.toUnsignedLong(mix(i)) * (1.0 / 4294967296.0);
        }
        return d;
    }
  }

  private static double exactSum(Object data) {
    double sum = 0;
    int n = java.lang.reflect.Array.getLength(data);
    for (int i = 0; i < n; i++) {
      sum += ((Number) java.lang.reflect.Array.get(data, i)).doubleValue();
    }
    return sum;
  }

  private static void report(String what, int n, double bytes, double[] millis) {
    double[] sorted = millis.clone();
    Arrays.sort(sorted);
    double best = sorted[0];
    double median = sorted[sorted.length / 2];
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
