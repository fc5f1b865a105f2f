package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The integer arg loops' block test skips only blocks with no element beyond the best: they agree
 * with a plain loop on full-range values (where {@code best - x} overflows), on values bunched at
 * the type's ends, on few distinct values (ties across blocks) and on rising and falling runs, for
 * ranges that start and end inside blocks.
 */
class ArgLoopsTest {
  private static final int[] LENGTHS = {
    1,
    2,
    ArgLoops.BLOCK - 1,
    ArgLoops.BLOCK,
    ArgLoops.BLOCK + 1,
    2 * ArgLoops.BLOCK + 2,
    5000,
    70_001
  };

  @Test
  void intLoopsAgreeWithAPlainLoop() {
    SplittableRandom random = new SplittableRandom(11);
    for (int shape = 0; shape < 5; shape++) {
      for (int length : LENGTHS) {
        int[] a = new int[length + 7];
        for (int i = 0; i < a.length; i++) {
          a[i] =
              switch (shape) {
                case 0 -> random.nextInt();
                case 1 ->
                    random.nextBoolean()
                        ? Integer.MIN_VALUE + random.nextInt(3)
                        : Integer.MAX_VALUE - random.nextInt(3);
                case 2 -> random.nextInt(4) - 2;
                case 3 -> i - a.length / 2;
                default -> a.length / 2 - i;
              };
        }
        int from = Math.min(3, a.length - length);
        int to = from + length;
        String at = "shape " + shape + " [" + from + ", " + to + ")";
        assertEquals(plainInt(a, from, to, true), ArgLoops.argMin(a, from, to), "min " + at);
        assertEquals(plainInt(a, from, to, false), ArgLoops.argMax(a, from, to), "max " + at);
      }
    }
  }

  @Test
  void longLoopsAgreeWithAPlainLoop() {
    SplittableRandom random = new SplittableRandom(12);
    for (int shape = 0; shape < 5; shape++) {
      for (int length : LENGTHS) {
        long[] a = new long[length + 7];
        for (int i = 0; i < a.length; i++) {
          a[i] =
              switch (shape) {
                case 0 -> random.nextLong();
                case 1 ->
                    random.nextBoolean()
                        ? Long.MIN_VALUE + random.nextInt(3)
                        : Long.MAX_VALUE - random.nextInt(3);
                case 2 -> random.nextInt(4) - 2;
                case 3 -> i - a.length / 2;
                default -> a.length / 2 - i;
              };
        }
        int from = Math.min(3, a.length - length);
        int to = from + length;
        String at = "shape " + shape + " [" + from + ", " + to + ")";
        assertEquals(plainLong(a, from, to, true), ArgLoops.argMin(a, from, to), "min " + at);
        assertEquals(plainLong(a, from, to, false), ArgLoops.argMax(a, from, to), "max " + at);
      }
    }
  }

  private static int plainInt(int[] a, int from, int to, boolean min) {
    int at = from;
    for (int i = from + 1; i < to; i++) {
      if (min ? a[i] < a[at] : a[i] > a[at]) {
        at = i;
      }
    }
    return at;
  }

  private static int plainLong(long[] a, int from, int to, boolean min) {
    int at = from;
    for (int i = from + 1; i < to; i++) {
      if (min ? a[i] < a[at] : a[i] > a[at]) {
        at = i;
      }
    }
    return at;
  }
}
