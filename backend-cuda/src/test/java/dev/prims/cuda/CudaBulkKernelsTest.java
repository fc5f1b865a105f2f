package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.ArgResult;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The bulk-copy reduce, dot, histogram and arg-reduce ({@code reduce_bulk.cu}, {@code dot_bulk.cu},
 * {@code histogram_bulk.cu}, {@code argreduce_bulk.cu}) on inputs long enough that every block
 * refills its shared-memory stages many times (so each stage's mbarrier goes through both phase
 * parities), with tails after the last whole tile, and on inputs shorter than one tile. Values are
 * random integers in [-3, 3] (seeded): integer results are exact, and the float and double partial
 * sums, random walks of at most 2^24 steps, stay far below 2^24, so they are exact too and every
 * answer must equal the host's. The conformance suite runs the variants too, on inputs of at most
 * 2^20 + 1 elements (at most two tiles per block). Skipped without a CUDA device or on one without
 * bulk copies.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CudaBulkKernelsTest {
  private Prims prims;
  private Prims bulk;
  private Prims bulkDot;
  private Prims bulkHistogram;

  @BeforeAll
  void open() {
    prims = Prims.create(CudaTests.cudaOnly().build());
    CudaTests.assumeDevice(prims);
    Assumptions.assumeTrue(
        prims.primaryBackend().variants(Primitive.REDUCE).contains("bulk"),
        "the CUDA device has no bulk copies (compute capability below 9.0)");
    bulk = prims.variant(Primitive.REDUCE, "bulk");
    bulkDot = prims.variant(Primitive.DOT, "bulk");
    bulkHistogram = prims.variant(Primitive.HISTOGRAM, "bulk");
  }

  @AfterAll
  void close() {
    if (prims != null) {
      prims.close();
    }
  }

  @TestFactory
  List<DynamicTest> everyTypeAndOpAgreesWithTheHost() {
    List<DynamicTest> tests = new ArrayList<>();
    for (DType type : DType.values()) {
      long tile = CudaReducePolicy.BULK_STAGE_BYTES / type.bytes();
      long[] lengths = {tile - 1, tile, 5 * tile + 1, 1200 * tile + 3, 2000 * tile - 1};
      for (long n : lengths) {
        tests.add(
            DynamicTest.dynamicTest(type.id() + " n=" + n, () -> checkEveryOp(type, (int) n)));
      }
    }
    return tests;
  }

  private void checkEveryOp(DType type, int n) {
    SplittableRandom random = new SplittableRandom(n * 31L + type.ordinal());
    long[] values = new long[n];
    long[] others = new long[n];
    long dot = 0;
    for (int i = 0; i < n; i++) {
      values[i] = random.nextInt(7) - 3;
      others[i] = random.nextInt(7) - 3;
      dot += values[i] * others[i];
    }
    Object data = array(type, values);
    try (DeviceBuffer buffer = bulk.upload(data);
        DeviceBuffer other = bulk.upload(array(type, others))) {
      Scalar product = bulkDot.dot(buffer, other);
      assertEquals("bulk", product.provenance().variant(), "bulk dot");
      assertEquals(dot, product.value().longValue(), "bulk dot of " + n + " " + type.id());
      checkHistogram(type, values, buffer);
      checkArgReduce(type, values, buffer, "random");
      for (ReduceOp op : ReduceOp.values()) {
        if (!op.supports(type) || (type.isFloating() && op == ReduceOp.PROD)) {
          continue;
        }
        Scalar result = bulk.reduce(buffer, op);
        String what = "bulk " + op.id() + " of " + n + " " + type.id();
        assertEquals("bulk", result.provenance().variant(), what);
        long expected = expected(op, values);
        assertEquals(
            type == DType.INT ? (int) expected : expected, result.value().longValue(), what);
      }
    }
  }

  /**
   * The bulk arg-min and arg-max against the host's first extreme index, on the values as given
   * (many ties: the first -3 and 3 win) and with one extreme of each kind planted late, past the
   * middle and at the second-last element (a later tile or the direct tail).
   */
  private void checkArgReduce(DType type, long[] values, DeviceBuffer buffer, String what) {
    checkArg(type, values, buffer, what);
    int n = values.length;
    long[] planted = values.clone();
    planted[n / 2 + 1] = -5;
    planted[n - 2] = 5;
    try (DeviceBuffer other = bulk.upload(array(type, planted))) {
      checkArg(type, planted, other, "planted");
    }
  }

  private void checkArg(DType type, long[] values, DeviceBuffer buffer, String what) {
    int min = 0;
    int max = 0;
    for (int i = 1; i < values.length; i++) {
      min = values[i] < values[min] ? i : min;
      max = values[i] > values[max] ? i : max;
    }
    String of = " of " + values.length + " " + type.id() + " (" + what + ")";
    ArgResult argMin = bulk.argReduce(buffer, ReduceOp.MIN);
    assertEquals(CudaArgReducer.BULK_VARIANT, argMin.provenance().variant(), "arg-min" + of);
    assertEquals(min, argMin.index(), "arg-min" + of);
    assertEquals(values[min], argMin.value().value().longValue(), "arg-min value" + of);
    ArgResult argMax = bulk.argReduce(buffer, ReduceOp.MAX);
    assertEquals(max, argMax.index(), "arg-max" + of);
    assertEquals(values[max], argMax.value().value().longValue(), "arg-max value" + of);
  }

  /**
   * The bulk histogram: keys 0..3 of the values in [-3, 3] (the negative ones out of range), or 7
   * even bins over [-3, 4), where value v lands in bin v + 3.
   */
  private void checkHistogram(DType type, long[] values, DeviceBuffer buffer) {
    HistogramSpec spec = type.isFloating() ? HistogramSpec.even(7, -3, 4) : HistogramSpec.keys(4);
    long[] expected = new long[spec.bins()];
    long outside = 0;
    for (long v : values) {
      long bin = type.isFloating() ? v + 3 : v;
      if (bin >= 0 && bin < expected.length) {
        expected[(int) bin]++;
      } else {
        outside++;
      }
    }
    String what = "bulk histogram of " + values.length + " " + type.id();
    try (DeviceBuffer counts = bulkHistogram.allocate(DType.LONG, spec.bins())) {
      assertEquals(outside, bulkHistogram.histogram(buffer, spec, counts), what + ": out of range");
      long[] got = new long[spec.bins()];
      bulkHistogram.download(counts, got);
      assertArrayEquals(expected, got, what);
    }
  }

  /** The host's answer in 64-bit arithmetic (an int's is its low 32 bits). */
  private static long expected(ReduceOp op, long[] values) {
    long acc =
        switch (op) {
          case SUM, OR, XOR -> 0;
          case PROD -> 1;
          case MIN -> Long.MAX_VALUE;
          case MAX -> Long.MIN_VALUE;
          case AND -> -1;
        };
    for (long v : values) {
      acc =
          switch (op) {
            case SUM -> acc + v;
            case PROD -> acc * v;
            case MIN -> Math.min(acc, v);
            case MAX -> Math.max(acc, v);
            case AND -> acc & v;
            case OR -> acc | v;
            case XOR -> acc ^ v;
          };
    }
    return acc;
  }

  private static Object array(DType type, long[] values) {
    int n = values.length;
    switch (type) {
      case INT:
        int[] ints = new int[n];
        for (int i = 0; i < n; i++) {
          ints[i] = (int) values[i];
        }
        return ints;
      case LONG:
        return values.clone();
      case FLOAT:
        float[] floats = new float[n];
        for (int i = 0; i < n; i++) {
          floats[i] = values[i];
        }
        return floats;
      default:
        double[] doubles = new double[n];
        for (int i = 0; i < n; i++) {
          doubles[i] = values[i];
        }
        return doubles;
    }
  }
}
