package dev.prims.engine.multidevice;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import dev.prims.ReduceOp;
import org.junit.jupiter.api.Test;

class PartialsTest {
  @Test
  void integerSumsWrapAsJavaDoes() {
    assertEquals(
        Integer.MIN_VALUE, Partials.combine(ReduceOp.SUM, DType.INT, Integer.MAX_VALUE, 1));
    assertEquals(Long.MIN_VALUE, Partials.combine(ReduceOp.SUM, DType.LONG, Long.MAX_VALUE, 1L));
    assertEquals(6 ^ 3, Partials.combine(ReduceOp.XOR, DType.INT, 6, 3));
  }

  @Test
  void minAndMaxFollowMath() {
    assertEquals(Float.NaN, Partials.combine(ReduceOp.MIN, DType.FLOAT, 1f, Float.NaN));
    assertEquals(Double.NaN, Partials.combine(ReduceOp.MAX, DType.DOUBLE, Double.NaN, 1.0));
    assertEquals(-0.0f, Partials.combine(ReduceOp.MIN, DType.FLOAT, 0.0f, -0.0f));
    assertEquals(0.0, Partials.combine(ReduceOp.MAX, DType.DOUBLE, -0.0, 0.0));
  }

  @Test
  void aCarryCombinesWithEveryElement() {
    int[] ints = {1, 2, Integer.MAX_VALUE};
    Partials.applyCarry(ints, ReduceOp.SUM, 1);
    assertArrayEquals(new int[] {2, 3, Integer.MIN_VALUE}, ints);
    double[] doubles = {5.0, -1.0};
    Partials.applyCarry(doubles, ReduceOp.MAX, 0.5);
    assertArrayEquals(new double[] {5.0, 0.5}, doubles);
  }
}
