package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A measuring tool (not a test): device-resident primitives timed with CUDA events on the backend's
 * stream via {@link CudaBackend#deviceMillis}, best and median of {@code REPS} after warm-up, in
 * the format of {@code src/test/cub/cub_reference.cu}. Run: {@code java -cp ...
 * dev.prims.cuda.CudaBench}.
 */
public final class CudaBench {
  private static final int WARMUP = 5;
  private static final int REPS = 30;
  private static final int N = 1 << 28;

  private CudaBench() {}

  public static void main(String[] args) {
    CudaBackend backend = (CudaBackend) new CudaBackendProvider().create(key -> Optional.empty());
    System.out.println("device " + backend.device().name() + ", " + backend.sms() + " SMs");
    SplittableRandom random = new SplittableRandom(42);
    float[] floats = new float[N];
    for (int i = 0; i < N; i++) {
      floats[i] = (random.nextInt() >>> 8) * (1.0f / 16777216.0f);
    }
    DeviceBuffer f = backend.buffers().upload(floats);
    floats = null;
    int[] ints = new int[N];
    for (int i = 0; i < N; i++) {
      ints[i] = random.nextInt(1000);
    }
    DeviceBuffer in = backend.buffers().upload(ints);
    ints = null;
    double[] doubles = new double[N];
    for (int i = 0; i < N; i++) {
      doubles[i] = random.nextDouble();
    }
    DeviceBuffer d = backend.buffers().upload(doubles);
    doubles = null;
    DeviceBuffer out = backend.buffers().allocate(DType.FLOAT, N);
    DeviceBuffer counts = backend.buffers().allocate(DType.LONG, 256);
    HistogramSpec spec = HistogramSpec.even(256, 0, 1);

    for (String variant : backend.variants(Primitive.REDUCE)) {
      time(backend, "reduce sum float " + variant, N, 4.0 * N, () -> reduce(backend, f, variant));
    }
    time(backend, "reduce sum int vectorized", N, 4.0 * N, () -> reduce(backend, in, null));
    time(backend, "reduce sum double vectorized", N, 8.0 * N, () -> reduce(backend, d, null));
    for (String variant : backend.variants(Primitive.SCAN)) {
      time(
          backend,
          "scan inclusive sum float " + variant,
          N,
          8.0 * N,
          () -> backend.scanner().scan(f, out, ReduceOp.SUM, ScanKind.INCLUSIVE, call(variant)));
    }
    for (String variant : backend.variants(Primitive.HISTOGRAM)) {
      time(
          backend,
          "histogram even 256 float " + variant,
          N,
          4.0 * N,
          () -> backend.histogrammer().histogram(f, spec, counts, call(variant)));
    }
    time(backend, "dot float vectorized", N, 8.0 * N, () -> backend.dot().dot(f, f, call(null)));
    try (DeviceBuffer small = backend.buffers().upload(Arrays.copyOf(new float[0], 1 << 20))) {
      time(
          backend,
          "reduce sum float small",
          1 << 20,
          4.0 * (1 << 20),
          () -> reduce(backend, small, null));
      wall("reduce sum float small", 1 << 20, () -> reduce(backend, small, null));
    }
    backend.close();
  }

  private static void reduce(CudaBackend backend, DeviceBuffer input, String variant) {
    backend.reducer().reduce(input, ReduceOp.SUM, call(variant));
  }

  private static CallContext call(String variant) {
    return new CallContext(variant, Determinism.FAST);
  }

  private static void time(CudaBackend backend, String name, long n, double bytes, Runnable work) {
    for (int i = 0; i < WARMUP; i++) {
      work.run();
    }
    double[] ms = new double[REPS];
    for (int i = 0; i < REPS; i++) {
      ms[i] = backend.deviceMillis(work).orElseThrow();
    }
    Arrays.sort(ms);
    System.out.printf(
        "bench prims %-42s n=%-10d best_ms=%.4f median_ms=%.4f best_GBps=%.1f median_GBps=%.1f%n",
        name, n, ms[0], ms[REPS / 2], bytes / ms[0] / 1e6, bytes / ms[REPS / 2] / 1e6);
  }

  private static void wall(String name, long n, Runnable work) {
    for (int i = 0; i < 200; i++) {
      work.run();
    }
    double[] us = new double[REPS * 4];
    for (int i = 0; i < us.length; i++) {
      long t0 = System.nanoTime();
      work.run();
      us[i] = (System.nanoTime() - t0) / 1e3;
    }
    Arrays.sort(us);
    System.out.printf(
        "bench prims %-42s n=%-10d best_us=%.2f median_us=%.2f (wall, launch + result to host)%n",
        name, n, us[0], us[us.length / 2]);
  }
}
