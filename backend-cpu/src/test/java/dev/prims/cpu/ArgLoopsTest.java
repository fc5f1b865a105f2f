package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The integer arg loops find the first extreme element, as a loop over the values widened to long
 * does: on full-range values, on values bunched at the type's ends, on few distinct values (ties
 * far apart) and on rising and falling runs, for ranges that start and end inside the array.
 */
class ArgLoopsTest {
  private static final int[] LENGTHS = {1, 2, 511, 512, 513, 1026, 5000, 70_001};

  private static final int SHAPES = 5;

  @Test
  void intLoopsAgreeWithAPlainLoop() {
    loopsAgreeWithAPlainLoop(11, Integer.MIN_VALUE, Integer.MAX_VALUE, true);
  }

  @Test
  void longLoopsAgreeWithAPlainLoop() {
    loopsAgreeWithAPlainLoop(12, Long.MIN_VALUE, Long.MAX_VALUE, false);
  }

  /**
   * The arg-min and arg-max loops ({@link ArgLoops#arg} of an int[] when {@code ints}, else of a
   * long[]) agree with a plain loop on values of every shape between {@code min} and {@code max}.
   */
  private static void loopsAgreeWithAPlainLoop(long seed, long min, long max, boolean ints) {
    SplittableRandom random = new SplittableRandom(seed);
    for (int shape = 0; shape < SHAPES; shape++) {
      for (int length : LENGTHS) {
        long[] values = values(random, shape, length + 7, min, max);
        Object a = ints ? Arrays.stream(values).mapToInt(v -> (int) v).toArray() : values;
        int from = Math.min(3, values.length - length);
        int to = from + length;
        String at = "shape " + shape + " [" + from + ", " + to + ")";
        assertEquals(plain(values, from, to, true), ArgLoops.arg(a, from, to, true), "min " + at);
        assertEquals(plain(values, from, to, false), ArgLoops.arg(a, from, to, false), "max " + at);
      }
    }
  }

  /**
   * {@code n} values of one shape between {@code min} and {@code max}: random over the range,
   * bunched at its ends, four distinct small values, rising, falling.
   */
  private static long[] values(SplittableRandom random, int shape, int n, long min, long max) {
    long[] a = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] =
          switch (shape) {
            case 0 -> min == Long.MIN_VALUE ? random.nextLong() : random.nextInt();
            case 1 -> random.nextBoolean() ? min + random.nextInt(3) : max - random.nextInt(3);
            case 2 -> random.nextInt(4) - 2;
            case 3 -> i - n / 2;
            default -> n / 2 - i;
          };
    }
    return a;
  }

  private static int plain(long[] a, int from, int to, boolean min) {
    int at = from;
    for (int i = from + 1; i < to; i++) {
      if (min ? a[i] < a[at] : a[i] > a[at]) {
        at = i;
      }
    }
    return at;
  }
}
