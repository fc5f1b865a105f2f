package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The CPU backend splits work independently of the thread count, so results keep their bits. */
class CpuDeterminismTest {
  private static final int N = (1 << 21) + 12_345;

  @Test
  void floatingResultsDoNotDependOnTheThreadCount() {
    SplittableRandom r = new SplittableRandom(7);
    float[] f = new float[N];
    double[] d = new double[N];
    for (int i = 0; i < N; i++) {
      f[i] = (float) ((r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(-20, 20)));
      d[i] = (r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(-40, 40));
    }
    Results one = run(1, f, d);
    for (int threads : new int[] {2, 3, 8}) {
      Results other = run(threads, f, d);
      String what = threads + " threads vs 1";
      assertEquals(Float.floatToRawIntBits(one.floatSum), Float.floatToRawIntBits(other.floatSum));
      assertEquals(
          Double.doubleToRawLongBits(one.doubleSum),
          Double.doubleToRawLongBits(other.doubleSum),
          what);
      assertEquals(
          Double.doubleToRawLongBits(one.doubleDot),
          Double.doubleToRawLongBits(other.doubleDot),
          what);
      assertArrayEquals(one.floatScan, other.floatScan, what);
      assertArrayEquals(one.doubleScan, other.doubleScan, what);
      assertArrayEquals(one.histogram, other.histogram, what);
    }
  }

  @Test
  void scanVariantsGiveTheSameBits() {
    SplittableRandom r = new SplittableRandom(11);
    double[] d = new double[N];
    for (int i = 0; i < N; i++) {
      d[i] = (r.nextDouble() - 0.3) * Math.scalb(1.0, r.nextInt(-30, 30));
    }
    try (Prims prims = Prims.create(PrimsConfig.builder().backend("cpu").build())) {
      for (ScanKind kind : ScanKind.values()) {
        double[] chained =
            prims.variant(Primitive.SCAN, "chained").scan(d, ReduceOp.SUM, kind).values();
        double[] twoPass =
            prims.variant(Primitive.SCAN, "two-pass").scan(d, ReduceOp.SUM, kind).values();
        assertArrayEquals(chained, twoPass, kind.name());
      }
    }
  }

  private record Results(
      float floatSum,
      double doubleSum,
      double doubleDot,
      float[] floatScan,
      double[] doubleScan,
      long[] histogram) {}

  private static Results run(int threads, float[] f, double[] d) {
    try (Prims prims =
        Prims.create(
            PrimsConfig.builder()
                .backend("cpu")
                .set(CpuBackendProvider.THREADS, Integer.toString(threads))
                .build())) {
      return new Results(
          prims.reduce(f, ReduceOp.SUM).asFloat(),
          prims.reduce(d, ReduceOp.SUM).asDouble(),
          prims.dot(d, d).asDouble(),
          prims.scan(f, ReduceOp.SUM, ScanKind.INCLUSIVE).values(),
          prims.scan(d, ReduceOp.SUM, ScanKind.EXCLUSIVE).values(),
          prims.histogram(f, HistogramSpec.even(1000, -1, 1)).counts());
    }
  }
}
