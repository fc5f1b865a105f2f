package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.engine.SegmentedCalls;
import dev.prims.spi.CallContext;
import java.util.Arrays;
import java.util.Optional;

/**
 * A measuring tool (not a test): the segmented calls on device-resident data timed with CUDA events
 * ({@link CudaBackend#deviceMillis}), best and median of {@code bench.reps} after warm-up, counting
 * bytes as cub_reference.cu's segmented section does (segmented sum: the values; reduce-by-key: int
 * keys and values; scan-by-key: keys, values read and values written). Segments and runs are {@code
 * L} elements long. Run: {@code java -cp ... dev.prims.cuda.CudaSegmentBench [log2 n]}.
 */
public final class CudaSegmentBench {
  private static final int WARMUP = 5;
  private static final int REPS = Integer.getInteger("bench.reps", 30);

  private CudaSegmentBench() {}

  public static void main(String[] args) {
    int n = 1 << (args.length > 0 ? Integer.parseInt(args[0]) : 28);
    CudaBackend backend = (CudaBackend) new CudaBackendProvider().create(key -> Optional.empty());
    System.out.println("device " + backend.device().name() + ", n=" + n);
    CallContext call = new CallContext(null, Determinism.FAST);
    for (DType type : new DType[] {DType.FLOAT, DType.INT, DType.DOUBLE}) {
      try (DeviceBuffer values = backend.buffers().upload(values(type, n));
          DeviceBuffer out = backend.buffers().allocate(type, n)) {
        for (int length : new int[] {64, 4096}) {
          int[] offsets = new int[(n + length - 1) / length + 1];
          for (int s = 1; s < offsets.length; s++) {
            offsets[s] = (int) Math.min(n, (long) s * length);
          }
          int[] keys = new int[n];
          for (int i = 0; i < n; i++) {
            keys[i] = i / length;
          }
          long segments = offsets.length - 1;
          try (DeviceBuffer off = backend.buffers().upload(offsets);
              DeviceBuffer k = backend.buffers().upload(keys);
              DeviceBuffer unique = backend.buffers().allocate(DType.INT, n)) {
            String what = type.id() + " L=" + length;
            double bytes = (double) n * type.bytes();
            time(
                backend,
                "segmented sum " + what,
                bytes,
                () ->
                    SegmentedCalls.reduce(backend, values, off, segments, out, ReduceOp.SUM, call));
            time(
                backend,
                "reduce-by-key sum " + what,
                bytes + 4.0 * n,
                () ->
                    SegmentedCalls.reduceByKey(
                        backend, k, values, unique, out, ReduceOp.SUM, call));
            time(
                backend,
                "scan-by-key inclusive sum " + what,
                2 * bytes + 4.0 * n,
                () ->
                    SegmentedCalls.scanByKey(
                        backend, k, values, out, ReduceOp.SUM, ScanKind.INCLUSIVE, call));
            time(
                backend,
                "segmented inclusive sum " + what,
                2 * bytes,
                () ->
                    SegmentedCalls.scan(
                        backend,
                        values,
                        off,
                        segments,
                        out,
                        ReduceOp.SUM,
                        ScanKind.INCLUSIVE,
                        call));
          }
        }
      }
    }
    backend.close();
  }

  private static Object values(DType type, int n) {
    java.util.SplittableRandom random = new java.util.SplittableRandom(42);
    switch (type) {
      case INT:
        int[] ints = new int[n];
        for (int i = 0; i < n; i++) {
          ints[i] = random.nextInt(1000);
        }
        return ints;
      case FLOAT:
        float[] floats = new float[n];
        for (int i = 0; i < n; i++) {
          floats[i] = (random.nextInt() >>> 8) * (1.0f / 16777216.0f);
        }
        return floats;
      default:
        double[] doubles = new double[n];
        for (int i = 0; i < n; i++) {
          doubles[i] = random.nextDouble();
        }
        return doubles;
    }
  }

  private static void time(CudaBackend backend, String name, double bytes, Runnable work) {
    for (int i = 0; i < WARMUP; i++) {
      work.run();
    }
    double[] ms = new double[REPS];
    for (int i = 0; i < REPS; i++) {
      ms[i] = backend.deviceMillis(work).orElseThrow();
    }
    Arrays.sort(ms);
    System.out.printf(
        "bench prims %-40s best_ms=%.4f median_ms=%.4f best_GBps=%.1f median_GBps=%.1f%n",
        name, ms[0], ms[REPS / 2], bytes / ms[0] / 1e6, bytes / ms[REPS / 2] / 1e6);
  }
}
