package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class EvenBinsTest {
  @Test
  void edgesFollowTheContract() {
    EvenBins b = EvenBins.of(HistogramSpec.even(4, 0, 1), DType.DOUBLE);
    assertEquals(0, b.binOf(0.0));
    assertEquals(0, b.binOf(-0.0));
    assertEquals(-1, b.binOf(1.0));
    assertEquals(3, b.binOf(Math.nextDown(1.0)));
    assertEquals(-1, b.binOf(Double.NaN));
    assertEquals(-1, b.binOf(Math.nextDown(0.0)));
    assertEquals(1, b.binOf(0.25));
    assertEquals(-1, b.binOf(Double.POSITIVE_INFINITY));
  }

  @Test
  void floatValuesUseFloatArithmetic() {
    EvenBins b = EvenBins.of(HistogramSpec.even(3, 0.1, 0.7), DType.FLOAT);
    assertEquals(0, b.binOf(0.1f));
    assertEquals(0, b.binOf((float) 0.1));
    assertEquals(-1, b.binOf(0.7f));
    assertEquals(2, b.binOf(Math.nextDown(0.7f)));
    assertEquals(-1, b.binOf(Float.NaN));
    assertEquals(0, b.binOf(-0.0f) < 0 ? 0 : 1);
  }

  @Test
  void roundingNearTheTopIsClampedIntoTheLastBin() {
    EvenBins b = EvenBins.of(HistogramSpec.even(3, 0, 1e-300), DType.DOUBLE);
    for (double v = 0; v < 1e-300; v = Math.nextUp(v) * 1.5 + 1e-310) {
      int bin = b.binOf(v);
      assertEquals(true, bin >= 0 && bin < 3, "bin " + bin + " for " + v);
    }
  }

  @Test
  void badSpecsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> HistogramSpec.even(0, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> HistogramSpec.even(4, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> HistogramSpec.even(4, 2, 1));
    assertThrows(IllegalArgumentException.class, () -> HistogramSpec.even(4, Double.NaN, 1));
    assertThrows(
        IllegalArgumentException.class, () -> HistogramSpec.even(4, 0, Double.POSITIVE_INFINITY));
    assertThrows(
        IllegalArgumentException.class,
        () -> HistogramSpec.even(4, -Double.MAX_VALUE, Double.MAX_VALUE));
    assertThrows(
        IllegalArgumentException.class,
        () -> EvenBins.of(HistogramSpec.even(4, 1.0, 1.0 + 1e-12), DType.FLOAT));
    assertThrows(IllegalArgumentException.class, () -> HistogramSpec.keys(-1));
  }
}
