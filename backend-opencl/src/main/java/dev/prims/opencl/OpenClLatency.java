package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The latency of small OpenCL calls against the floor of the device and driver, measured in one
 * run: the floor is an empty kernel plus a 4-byte read (blocking, and non-blocking with an event as
 * the backend's synchronous calls read their answer); then, per size and type, the wall time of a
 * device-resident reduce (sum, answer read) and of a scan (inclusive sum, then a 4-byte read of its
 * last element), each with its overhead above the floor and its device time (OpenCL profiling
 * events, first kernel start to last kernel end). Best and median of {@code reps} calls after
 * warm-up, in microseconds; wall times include the JVM and JOCL, as a user's call does.
 *
 * <p>Run: {@code java -Dprims.opencl.platform=NVIDIA -cp app/target/prims.jar
 * dev.prims.opencl.OpenClLatency [sizes as log2, e.g. 10,16,20] [reps]}.
 */
public final class OpenClLatency {
  private static final int WARMUP = 50;

  private OpenClLatency() {}

  public static void main(String[] args) {
    int[] logs =
        Arrays.stream((args.length > 0 ? args[0] : "10,16,20").split(","))
            .mapToInt(s -> Integer.parseInt(s.trim()))
            .toArray();
    int reps = args.length > 1 ? Integer.parseInt(args[1]) : 500;
    try (Prims prims =
        Prims.create(PrimsConfig.builder().backend("opencl").fallback(false).build())) {
      OpenClBackend backend = (OpenClBackend) prims.primaryBackend();
      System.out.println(
          "device "
              + backend.openClDevice().describe()
              + ", "
              + backend.openClDevice().version()
              + ", scan look-back: "
              + backend.lookback().describe());
      OpenClBackend.Kernel empty =
          backend.kernel("latency.cl", DType.INT, ReduceOp.SUM, 256, 1, "", "latency_empty");
      DeviceBuffer flag = prims.upload(new int[] {7});
      org.jocl.cl_mem flagMem = ((OpenClBuffer) flag).mem();
      double[] blocking =
          time(
              reps,
              () ->
                  backend.locked(
                      "floor",
                      () -> {
                        backend.launch(empty, 1, 256, flagMem);
                        return backend.readScalar(flagMem, 0, DType.INT);
                      }));
      double[] event =
          time(
              reps,
              () ->
                  backend.callAndRead(
                      "floor",
                      () -> {
                        backend.launch(empty, 1, 256, flagMem);
                        return new OpenClBackend.ScalarAt(flagMem, 0, DType.INT);
                      }));
      print("floor empty kernel + 4-byte blocking read", 1, blocking, null, null);
      print("floor empty kernel + 4-byte read, event", 1, event, null, null);
      flag.close();
      for (int log : logs) {
        int n = 1 << log;
        for (DType type : new DType[] {DType.INT, DType.FLOAT}) {
          DeviceBuffer in =
              type == DType.INT
                  ? prims.upload(new java.util.SplittableRandom(1).ints(n, -9, 9).toArray())
                  : prims.upload(floats(n));
          DeviceBuffer out = prims.allocate(type, n);
          org.jocl.cl_mem outMem = ((OpenClBuffer) out).mem();
          Runnable reduce = () -> prims.reduce(in, ReduceOp.SUM);
          Runnable scan =
              () -> {
                prims.scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE);
                backend.locked("read", () -> backend.readScalar(outMem, n - 1, type));
              };
          String t = type.id();
          print(
              "reduce sum " + t,
              n,
              time(reps, () -> reduce.run()),
              event,
              device(backend, reps, () -> prims.reduce(in, ReduceOp.SUM)));
          print(
              "scan inclusive sum " + t + " + read",
              n,
              time(reps, () -> scan.run()),
              blocking,
              device(backend, reps, () -> prims.scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE)));
          in.close();
          out.close();
        }
      }
    }
  }

  private static float[] floats(int n) {
    float[] f = new float[n];
    java.util.SplittableRandom random = new java.util.SplittableRandom(2);
    for (int i = 0; i < n; i++) {
      f[i] = (float) random.nextDouble(-1, 1);
    }
    return f;
  }

  /** Best and median wall microseconds of {@code reps} runs after warm-up. */
  private static double[] time(int reps, Supplier<?> call) {
    for (int i = 0; i < WARMUP; i++) {
      call.get();
    }
    double[] us = new double[reps];
    for (int i = 0; i < reps; i++) {
      long t0 = System.nanoTime();
      call.get();
      us[i] = (System.nanoTime() - t0) / 1e3;
    }
    Arrays.sort(us);
    return new double[] {us[0], us[reps / 2]};
  }

  private static double[] time(int reps, Runnable call) {
    return time(
        reps,
        () -> {
          call.run();
          return null;
        });
  }

  /** Best and median device microseconds (profiling events) of {@code reps} calls. */
  private static double[] device(OpenClBackend backend, int reps, Runnable call) {
    double[] us = new double[reps];
    for (int i = 0; i < reps; i++) {
      us[i] = backend.deviceMillis(call).orElse(Double.NaN) * 1e3;
    }
    Arrays.sort(us);
    return new double[] {us[0], us[reps / 2]};
  }

  private static void print(String what, long n, double[] wall, double[] floor, double[] device) {
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "latency opencl %-42s n=%-9d best_us=%8.2f median_us=%8.2f",
                what,
                n,
                wall[0],
                wall[1]));
    if (floor != null) {
      line.append(
          String.format(
              Locale.ROOT,
              " above_floor_best_us=%7.2f above_floor_median_us=%7.2f",
              wall[0] - floor[0],
              wall[1] - floor[1]));
    }
    if (device != null) {
      line.append(
          String.format(
              Locale.ROOT, " device_best_us=%7.2f device_median_us=%7.2f", device[0], device[1]));
    }
    System.out.println(line);
  }
}
