package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuLaunchKernel;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;

/**
 * A measuring tool (not a test): device-resident primitives timed with CUDA events on the backend's
 * stream via {@link CudaBackend#deviceMillis}, best and median of {@code REPS} after warm-up, as
 * {@code tools/cub-reference.sh suite} measures CUB. Run: {@code java -cp ...
 * dev.prims.cuda.CudaBench}.
 */
public final class CudaBench {
  private static final int WARMUP = 5;
  private static final int REPS = Integer.getInteger("bench.reps", 30);
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
    if (args.length > 0 && args[0].equals("experiments")) {
      experiments(backend, f, floats);
      backend.close();
      return;
    }
    if (args.length > 0 && args[0].equals("launch")) {
      launchOverhead(backend, f);
      backend.close();
      return;
    }
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

  /**
   * Times the vectorised float sum over {@code in} ({@link #N} elements) in even shares, 4 loads in
   * flight, on {@code waves} waves of at most {@code perSmCap} blocks per SM, its answer written to
   * {@code result}.
   */
  private static void timeEvenShare(
      CudaBackend backend,
      String label,
      CudaBuffer in,
      int perSmCap,
      int waves,
      CUdeviceptr result) {
    time(
        backend,
        label,
        N,
        4.0 * N,
        () ->
            backend.call(
                () -> {
                  backend
                      .cudaReducer()
                      .launchVectorized(
                          in.pointer(),
                          DType.FLOAT,
                          N,
                          "reduce_vectorized_float_sum",
                          true,
                          4,
                          perSmCap,
                          waves,
                          result);
                  backend.synchronize();
                  return null;
                }));
  }

  /**
   * Where the float sum's time goes: the vectorised kernel with its result in mapped host memory
   * (the default) or in device memory, with even share or grid stride and several grid sizes (one
   * wave of resident blocks, or several as CUB launches); and reproducible sums, one pass and two
   * passes, on friendly data and on data whose largest values sit at the end of every warp's range
   * (so every range is folded twice).
   */
  private static void experiments(CudaBackend backend, DeviceBuffer f, float[] floats) {
    CudaReducer reducer = backend.cudaReducer();
    CudaBuffer in = (CudaBuffer) f;
    String kernel = "reduce_vectorized_float_sum";
    try (DeviceBuffer slot = backend.buffers().allocate(DType.FLOAT, 4)) {
      for (int repeat = 0; repeat < 2; repeat++) {
        time(
            backend,
            "reduce sum float vectorized (default)",
            N,
            4.0 * N,
            () -> reduce(backend, f, null));
        timeEvenShare(
            backend,
            "reduce sum float cub-like: result in device memory",
            in,
            8,
            1,
            ((CudaBuffer) slot).pointer());
        // diagnostic: ten launches back to back in one timed region (the device never waits for
        // the host between them), per launch; the difference to the default is host launch time
        time(
            backend,
            "vectorized, 10 back to back, per launch",
            N,
            4.0 * N,
            10,
            () ->
                backend.call(
                    () -> {
                      for (int k = 0; k < 10; k++) {
                        reducer.launchVectorized(
                            in.pointer(), DType.FLOAT, N, kernel, backend.resultSlot());
                      }
                      backend.synchronize();
                      return null;
                    }));
        for (int waves : new int[] {2, 3, 5}) {
          for (int cap : new int[] {4, 8}) {
            timeEvenShare(
                backend,
                "even share, " + waves + " waves of cap=" + cap,
                in,
                cap,
                waves,
                backend.resultSlot());
          }
        }
      }
    }
    dev.prims.spi.FoldKernels folds = backend.foldKernels();
    time(backend, "reproducible sum float one-pass", N, 4.0 * N, () -> folds.foldSumOnePass(f));
    dev.prims.spi.FoldPlan plan = dev.prims.spi.FoldPlan.forMaxAbs(DType.FLOAT, 1.0);
    time(
        backend,
        "reproducible sum float two-pass (max, min, folds)",
        N,
        4.0 * N,
        () -> {
          backend.reducer().reduce(f, ReduceOp.MAX, call(null));
          backend.reducer().reduce(f, ReduceOp.MIN, call(null));
          folds.foldSum(f, plan);
        });
    System.out.println(
        "bench one-pass result "
            + folds.foldSumOnePass(f).orElseThrow()
            + " two-pass "
            + java.util.Arrays.toString(folds.foldSum(f, plan)));
    // worst case: a large value at the end of every 2^14-element stretch
    for (int i = (1 << 14) - 1; i < N; i += 1 << 14) {
      floats[i] = 1e12f;
    }
    try (DeviceBuffer hard = backend.buffers().upload(floats)) {
      time(
          backend,
          "reproducible sum float one-pass, late maxima",
          N,
          4.0 * N,
          () -> folds.foldSumOnePass(hard));
    }
  }

  private static void reduce(CudaBackend backend, DeviceBuffer input, String variant) {
    backend.reducer().reduce(input, ReduceOp.SUM, call(variant));
  }

  private static CallContext call(String variant) {
    return new CallContext(variant, Determinism.FAST);
  }

  /**
   * Host microseconds one launch call takes, through the backend's parameter block and through
   * JCuda's usual marshalling of pointers to Java arrays (the vectorised float sum over no
   * elements, batches of 64 launches with the stream drained in between, best batch of 50), then
   * the default float sum of 2^28 timed as {@code prims bench} does.
   */
  private static void launchOverhead(CudaBackend backend, DeviceBuffer f) {
    String kernel = "reduce_vectorized_float_sum";
    CudaModules modules = new CudaModules();
    try (DeviceBuffer target = backend.buffers().allocate(DType.FLOAT, 1024)) {
      CUdeviceptr in = ((CudaBuffer) f).pointer();
      CUdeviceptr out = ((CudaBuffer) target).pointer();
      backend.call(
          () -> {
            CUfunction fn = modules.function("reduce", kernel);
            for (int round = 0; round < 3; round++) {
              double block =
                  perLaunch(
                      backend,
                      () ->
                          backend.launch(
                              "reduce",
                              kernel,
                              1,
                              0,
                              new KernelArgs()
                                  .pointer(in)
                                  .i64(0)
                                  .i64(0)
                                  .pointer(out)
                                  .pointer(backend.counter(0))
                                  .pointer(out)));
              double marshalled =
                  perLaunch(
                      backend,
                      () ->
                          cuLaunchKernel(
                              fn,
                              1,
                              1,
                              1,
                              CudaReducePolicy.BLOCK_SIZE,
                              1,
                              1,
                              0,
                              backend.stream(),
                              Pointer.to(
                                  Pointer.to(in),
                                  Pointer.to(new long[] {0}),
                                  Pointer.to(new long[] {0}),
                                  Pointer.to(out),
                                  Pointer.to(backend.counter(0)),
                                  Pointer.to(out)),
                              null));
              System.out.printf(
                  Locale.ROOT,
                  "bench launch host_us parameter_block=%.2f jcuda_arrays=%.2f%n",
                  block,
                  marshalled);
            }
            modules.unload();
            return null;
          });
    }
    for (int repeat = 0; repeat < 2; repeat++) {
      time(backend, "reduce sum float (default)", N, 4.0 * N, () -> reduce(backend, f, null));
    }
  }

  /** Best mean host microseconds per call of {@code launch}, in drained batches of 64. */
  private static double perLaunch(CudaBackend backend, Runnable launch) {
    long best = Long.MAX_VALUE;
    for (int batch = 0; batch < 60; batch++) {
      backend.synchronize();
      long t0 = System.nanoTime();
      for (int i = 0; i < 64; i++) {
        launch.run();
      }
      long t = System.nanoTime() - t0;
      if (batch >= 10) {
        best = Math.min(best, t);
      }
    }
    backend.synchronize();
    return best / 64.0 / 1e3;
  }

  private static void time(CudaBackend backend, String name, long n, double bytes, Runnable work) {
    time(backend, name, n, bytes, 1, work);
  }

  /** Times {@code work}, which runs the measured operation {@code calls} times, per operation. */
  private static void time(
      CudaBackend backend, String name, long n, double bytes, int calls, Runnable work) {
    for (int i = 0; i < WARMUP; i++) {
      work.run();
    }
    double[] ms = new double[REPS];
    for (int i = 0; i < REPS; i++) {
      ms[i] = backend.deviceMillis(work).orElseThrow() / calls;
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
