package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ShortestDecimalTest {
  @Test
  void writesFloatsLikeFloatToString() {
    assertEquals("0.1", ShortestDecimal.of(0.1f));
    assertEquals("4.25", ShortestDecimal.of(4.25f));
    assertEquals("-2.0", ShortestDecimal.of(-2f));
    assertEquals("1.0E7", ShortestDecimal.of(1e7f));
    assertEquals("1.0E-4", ShortestDecimal.of(1e-4f));
    assertEquals("0.001", ShortestDecimal.of(1e-3f));
    assertEquals("3.4028235E38", ShortestDecimal.of(Float.MAX_VALUE));
    assertEquals("1.4E-45", ShortestDecimal.of(Float.MIN_VALUE));
    assertEquals("-0.0", ShortestDecimal.of(-0.0f));
    assertEquals("1.0E10", ShortestDecimal.of(1e10f));
  }

  @Test
  void writesDoublesShortestInDoublePrecision() {
    assertEquals("0.1", ShortestDecimal.of(0.1));
    assertEquals("0.10000000149011612", ShortestDecimal.of((double) 0.1f));
    assertEquals("1.0E300", ShortestDecimal.of(1e300));
    assertEquals("4.9E-324", ShortestDecimal.of(Double.MIN_VALUE));
    assertEquals("1.7976931348623157E308", ShortestDecimal.of(Double.MAX_VALUE));
    // Java 17 writes 2e23 as 1.9999999999999998E23 and 2.82879384806159E17 with 18 digits: the
    // shortest decimal that reads back is shorter.
    assertEquals("2.0E23", ShortestDecimal.of(2e23));
    assertEquals("2.82879384806159E17", ShortestDecimal.of(2.82879384806159E17));
  }

  @Test
  void randomValuesRoundTripAndAreNeverLongerThanJavasOwn() {
    SplittableRandom r = new SplittableRandom(1);
    for (int i = 0; i < 3_000; i++) {
      float f = Float.intBitsToFloat(r.nextInt());
      double d = Double.longBitsToDouble(r.nextLong());
      if (Float.isFinite(f)) {
        String s = ShortestDecimal.of(f);
        assertEquals(f, Float.parseFloat(s), s);
        assertTrue(digits(s) <= digits(Float.toString(f)), s + " vs " + f);
      }
      if (Double.isFinite(d)) {
        String s = ShortestDecimal.of(d);
        assertEquals(d, Double.parseDouble(s), s);
        assertTrue(digits(s) <= digits(Double.toString(d)), s + " vs " + d);
      }
    }
  }

  @Test
  void textWritesNonFiniteValuesAsWords() {
    assertEquals("NaN", ShortestDecimal.text(DType.FLOAT, Float.NaN));
    assertEquals("-Infinity", ShortestDecimal.text(DType.DOUBLE, Double.NEGATIVE_INFINITY));
    assertEquals("-2147483648", ShortestDecimal.text(DType.INT, Integer.MIN_VALUE));
  }

  private static int digits(String s) {
    String mantissa = s.replaceAll("E.*", "").replace("-", "").replace(".", "");
    return mantissa.replaceAll("^0+", "").replaceAll("0+$", "").length();
  }
}
