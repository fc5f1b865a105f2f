package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.spi.SelectProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleFunction;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * A long value's comparison with a floating constant, which {@link Predicate#program} writes as
 * integer comparisons: run by a small interpreter of the program, it must agree with Java's {@code
 * (double) x op d} for every value near the places where the conversion to double rounds.
 */
class LongDoubleComparisonTest {
  private static final List<DoubleFunction<Predicate>> COMPARISONS =
      List.of(
          Predicate::lessThan,
          Predicate::atMost,
          Predicate::greaterThan,
          Predicate::atLeast,
          Predicate::equalTo,
          Predicate::notEqualTo);

  @Test
  void integerProgramsAgreeWithJavasPromotionToDouble() {
    for (double d : constants()) {
      List<Long> values = valuesAround(d);
      for (DoubleFunction<Predicate> comparison : COMPARISONS) {
        Predicate p = comparison.apply(d);
        long[] program = p.program(DType.LONG);
        assertFalse(SelectProgram.comparesAsDouble(program), () -> p + ": " + program.length);
        LongPredicate java = p.onLongs();
        for (long x : values) {
          assertEquals(java.test(x), run(program, x), () -> p + " on " + x);
        }
      }
    }
  }

  @Test
  void equalityWithAWideRoundingIntervalTakesTwoComparisons() {
    double d = 0x1p60; // the longs from 2^60 - 64 to 2^60 + 128 convert to it
    long[] program = Predicate.equalTo(d).program(DType.LONG);
    assertEquals(3, SelectProgram.instructions(program));
    assertTrue(run(program, (1L << 60) - 64));
    assertFalse(run(program, (1L << 60) - 65));
    assertTrue(run(program, (1L << 60) + 128));
    assertFalse(run(program, (1L << 60) + 129));
  }

  @Test
  void aProgramThatWouldNotFitKeepsItsDoubleComparisons() {
    Predicate p = Predicate.equalTo(0x1p60);
    for (int i = 0; i < 21; i++) {
      p = p.or(Predicate.equalTo(0x1p60 + 1024 * (i + 1)));
    }
    long[] program = p.program(DType.LONG);
    assertTrue(SelectProgram.comparesAsDouble(program));
    assertTrue(SelectProgram.fits(program));
    assertEquals(43, SelectProgram.instructions(program));
  }

  @Test
  void otherTypesKeepOneInstructionPerComparison() {
    assertTrue(SelectProgram.comparesAsDouble(Predicate.atLeast(0.5).program(DType.INT)));
    assertTrue(SelectProgram.comparesAsDouble(Predicate.atLeast(0.5).program(DType.DOUBLE)));
    assertFalse(SelectProgram.comparesAsDouble(Predicate.atLeast(1).program(DType.LONG)));
  }

  private static List<Double> constants() {
    List<Double> constants =
        new ArrayList<>(
            List.of(
                0.5,
                -0.5,
                0.0,
                -0.0,
                1e-300,
                2.5,
                -7.25,
                Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY,
                Double.MAX_VALUE,
                -Double.MAX_VALUE,
                0x1p53,
                -0x1p53,
                0x1p53 + 2,
                0x1p60,
                -0x1p60,
                0x1p60 + 256,
                0x1p63,
                -0x1p63,
                0x1p64,
                -0x1p64,
                Math.nextDown(0x1p63),
                Math.nextUp(-0x1p63),
                9.2e18,
                1e18 + 0.5));
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < 40; i++) {
      constants.add((double) random.nextLong());
      constants.add(random.nextDouble(-1e6, 1e6));
      constants.add(Math.scalb(random.nextDouble(1, 2), random.nextInt(50, 64)));
    }
    return constants;
  }

  /** Longs at and around {@code d} and its neighbouring doubles, and the extremes. */
  private static List<Long> valuesAround(double d) {
    List<Long> values = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L));
    for (double c : new double[] {Math.nextDown(d), d, Math.nextUp(d)}) {
      if (Double.isInfinite(c)) {
        continue;
      }
      long base = (long) c; // saturates at the extremes
      for (long delta = -600; delta <= 600; delta++) {
        long x = base + delta;
        if ((delta < 0) == (x < base)) { // skip wrapped values
          values.add(x);
        }
      }
    }
    return values;
  }

  /** Runs {@code program} (integer comparisons, and, or, always) on the long {@code x}. */
  private static boolean run(long[] program, long x) {
    boolean[] stack = new boolean[SelectProgram.MAX_DEPTH];
    int top = 0;
    for (int p = 0; p < SelectProgram.instructions(program); p++) {
      long code = program[2 * p];
      long c = program[2 * p + 1];
      int op = (int) (code & 0xff);
      switch (op) {
        case SelectProgram.AND -> {
          top--;
          stack[top - 1] = stack[top - 1] && stack[top];
        }
        case SelectProgram.OR -> {
          top--;
          stack[top - 1] = stack[top - 1] || stack[top];
        }
        case SelectProgram.ALWAYS -> stack[top++] = true;
        default -> {
          assertTrue((code & SelectProgram.INTEGER_MODE) != 0, "an integer comparison");
          stack[top++] =
              switch (op) {
                case SelectProgram.LT -> x < c;
                case SelectProgram.LE -> x <= c;
                case SelectProgram.GT -> x > c;
                case SelectProgram.GE -> x >= c;
                case SelectProgram.EQ -> x == c;
                default -> x != c;
              };
        }
      }
    }
    assertEquals(1, top);
    return stack[0];
  }
}
