package dev.prims.aparapi;

import static dev.prims.aparapi.AparapiTestDevice.call;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.aparapi.device.OpenCLDevice;
import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldPlan;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The GPU element layout (neighbouring work-items on neighbouring elements, grid-strided) checked
 * on whatever OpenCL device is here, reproducible folds included: the conformance suite on a CPU
 * device only sees contiguous spans.
 */
class AparapiStridedLayoutTest {
  private static AparapiBackend backend;

  @BeforeAll
  static void open() {
    OpenCLDevice device = AparapiTestDevice.firstOrAbort();
    backend =
        new AparapiBackend(
            AparapiDevices.info(0, device),
            new DeviceShape(device.getMaxComputeUnits(), false),
            device.getMaxMemAllocSize(),
            new KernelLauncher(AparapiBackendProvider.ID, device, false));
  }

  @AfterAll
  static void close() {
    AparapiTestDevice.close(backend);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 255, 1025, 4097, 77_777, 1_048_577})
  void reduceAndDotOfIntsAreExact(int n) {
    SplittableRandom random = new SplittableRandom(n);
    int[] a = new int[n];
    int[] b = new int[n];
    int sum = 0;
    int max = Integer.MIN_VALUE;
    int xor = 0;
    int dot = 0;
    for (int i = 0; i < n; i++) {
      a[i] = random.nextInt();
      b[i] = random.nextInt(-100, 100);
      sum += a[i];
      max = Math.max(max, a[i]);
      xor ^= a[i];
      dot += a[i] * b[i];
    }
    try (DeviceBuffer da = backend.buffers().upload(a);
        DeviceBuffer db = backend.buffers().upload(b)) {
      assertEquals(sum, backend.reducer().reduce(da, ReduceOp.SUM, call()));
      assertEquals(max, backend.reducer().reduce(da, ReduceOp.MAX, call()));
      assertEquals(xor, backend.reducer().reduce(da, ReduceOp.XOR, call()));
      assertEquals(dot, backend.dot().dot(da, db, call()));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 257, 4097, 1_048_577})
  void floatSumsAndMinMaxMatch(int n) {
    float[] values = new float[n];
    float min = Float.POSITIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      values[i] = (i % 7) * 0.25f - 0.5f;
      min = Math.min(min, values[i]);
    }
    try (DeviceBuffer buffer = backend.buffers().upload(values)) {
      assertEquals(min, backend.reducer().reduce(buffer, ReduceOp.MIN, call()));
      double exact = 0;
      for (float v : values) {
        exact += v;
      }
      float sum = (Float) backend.reducer().reduce(buffer, ReduceOp.SUM, call());
      assertEquals(exact, sum, 1e-6 * n, "sum of " + n);
      double dot = 0;
      for (float v : values) {
        dot += (double) v * v;
      }
      assertEquals(dot, (Float) backend.dot().dot(buffer, buffer, call()), 1e-6 * n);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1025, 1_048_577})
  void histogramsCountExactly(int n) {
    SplittableRandom random = new SplittableRandom(n);
    double[] values = new double[n];
    long[] expected = new long[100];
    long outside = 0;
    HistogramSpec spec = HistogramSpec.even(100, -1.0, 1.0);
    dev.prims.EvenBins bins = dev.prims.EvenBins.of(spec, DType.DOUBLE);
    for (int i = 0; i < n; i++) {
      values[i] = random.nextDouble(-1.2, 1.2);
      int bin = bins.binOf(values[i]);
      if (bin < 0) {
        outside++;
      } else {
        expected[bin]++;
      }
    }
    for (String variant : backend.variants(dev.prims.Primitive.HISTOGRAM)) {
      try (DeviceBuffer input = backend.buffers().upload(values);
          DeviceBuffer counts = backend.buffers().allocate(DType.LONG, 100)) {
        long out =
            backend
                .histogrammer()
                .histogram(input, spec, counts, new CallContext(variant, Determinism.FAST));
        long[] actual = new long[100];
        backend.buffers().download(counts, actual);
        assertArrayEquals(expected, actual, variant);
        assertEquals(outside, out, variant);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1025, 77_777})
  void reproducibleFoldsMatchThePlan(int n) {
    SplittableRandom random = new SplittableRandom(n);
    double[] d = new double[n];
    float[] f = new float[n];
    for (int i = 0; i < n; i++) {
      d[i] = random.nextDouble(-1e6, 1e6) * Math.pow(2, random.nextInt(-40, 40));
      f[i] = (float) d[i];
    }
    for (Object data : new Object[] {d, f}) {
      DType type = DType.ofArray(data);
      double maxAbs = 0;
      for (int i = 0; i < n; i++) {
        maxAbs =
            Math.max(
                maxAbs, Math.abs(((Number) java.lang.reflect.Array.get(data, i)).doubleValue()));
      }
      FoldPlan plan = FoldPlan.forMaxAbs(type, maxAbs);
      long[] sums = new long[plan.folds()];
      double[] inclusive = new double[n];
      for (int i = 0; i < n; i++) {
        double x = ((Number) java.lang.reflect.Array.get(data, i)).doubleValue();
        plan.accumulate(x, sums);
        inclusive[i] = plan.combine(sums);
      }
      FoldPlan dotPlan = FoldPlan.forMaxAbs(type, maxAbs * maxAbs);
      long[] expectedDot = new long[dotPlan.folds()];
      for (int i = 0; i < n; i++) {
        double x = ((Number) java.lang.reflect.Array.get(data, i)).doubleValue();
        dotPlan.accumulate(x * x, expectedDot);
      }
      try (DeviceBuffer buffer = backend.buffers().upload(data);
          DeviceBuffer out = backend.buffers().allocate(type, n)) {
        assertArrayEquals(sums, backend.foldKernels().foldSum(buffer, plan), type.id());
        assertArrayEquals(
            expectedDot, backend.foldKernels().foldDot(buffer, buffer, dotPlan), type.id());
        backend.foldKernels().foldScan(buffer, out, ScanKind.INCLUSIVE, plan);
        Object back = java.lang.reflect.Array.newInstance(data.getClass().getComponentType(), n);
        backend.buffers().download(out, back);
        for (int i = 0; i < n; i++) {
          double expected = type == DType.FLOAT ? (float) inclusive[i] : inclusive[i];
          assertEquals(
              expected,
              ((Number) java.lang.reflect.Array.get(back, i)).doubleValue(),
              type.id() + " scan at " + i);
        }
      }
    }
  }
}
