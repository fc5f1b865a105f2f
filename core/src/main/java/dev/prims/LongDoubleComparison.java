package dev.prims;

import dev.prims.spi.SelectProgram;
import java.util.function.LongPredicate;

/**
 * A comparison of long values with a floating constant, {@code (double) x op d} as Java evaluates
 * it, written as comparisons of longs: the conversion to double is monotone, so the longs whose
 * double is at least {@code d} are those from one threshold up, and those whose double exceeds
 * {@code d} those from another. Both thresholds are found exactly by searching the longs with
 * Java's own conversion.
 */
final class LongDoubleComparison {
  private static final long NONE = Long.MAX_VALUE;

  private LongDoubleComparison() {}

  /**
   * Appends {@code (double) x op d} ({@code op} one of LT .. NE, {@code d} not NaN) to {@code b}.
   */
  static void emit(int op, double d, SelectProgram.Builder b) {
    long atLeast = firstAtLeast(d);
    long above = firstAbove(d);
    switch (op) {
      case SelectProgram.LT -> below(atLeast, b);
      case SelectProgram.LE -> below(above, b);
      case SelectProgram.GT -> from(above, b);
      case SelectProgram.GE -> from(atLeast, b);
      case SelectProgram.EQ -> interval(atLeast, above, true, b);
      default -> interval(atLeast, above, false, b); // NE
    }
  }

  /**
   * Whether x lies in {@code [from, below)} ({@code inside}) or outside it; {@code from} is {@link
   * #NONE} for an empty interval, {@code below} for one without an upper end.
   */
  private static void interval(long from, long below, boolean inside, SelectProgram.Builder b) {
    if (from == below || from == NONE) {
      if (inside) {
        never(b);
      } else {
        b.add(SelectProgram.ALWAYS, 0);
      }
    } else if (below == NONE) {
      if (inside) {
        from(from, b);
      } else {
        below(from, b);
      }
    } else if (below - from == 1) {
      b.add((inside ? SelectProgram.EQ : SelectProgram.NE) | SelectProgram.INTEGER_MODE, from);
    } else if (inside) {
      from(from, b);
      below(below, b);
      b.add(SelectProgram.AND, 0);
    } else {
      below(from, b);
      from(below, b);
      b.add(SelectProgram.OR, 0);
    }
  }

  /** x < bound, every x where bound is {@link #NONE}. */
  private static void below(long bound, SelectProgram.Builder b) {
    if (bound == NONE) {
      b.add(SelectProgram.ALWAYS, 0);
    } else {
      b.add(SelectProgram.LT | SelectProgram.INTEGER_MODE, bound);
    }
  }

  /** x >= bound, no x where bound is {@link #NONE}. */
  private static void from(long bound, SelectProgram.Builder b) {
    if (bound == NONE) {
      never(b);
    } else {
      b.add(SelectProgram.GE | SelectProgram.INTEGER_MODE, bound);
    }
  }

  private static void never(SelectProgram.Builder b) {
    b.add(SelectProgram.LT | SelectProgram.INTEGER_MODE, Long.MIN_VALUE);
  }

  /**
   * The least long whose double is at least {@code d}, or {@link #NONE} where there is none ({@code
   * Long.MAX_VALUE} is never the least: the longs just below it convert to the same double).
   */
  static long firstAtLeast(double d) {
    return first(x -> (double) x >= d);
  }

  /** The least long whose double is above {@code d}, or {@link #NONE} where there is none. */
  static long firstAbove(double d) {
    return first(x -> (double) x > d);
  }

  private static long first(LongPredicate holds) {
    if (!holds.test(Long.MAX_VALUE)) {
      return NONE;
    }
    if (holds.test(Long.MIN_VALUE)) {
      return Long.MIN_VALUE;
    }
    long lo = Long.MIN_VALUE; // does not hold
    long hi = Long.MAX_VALUE; // holds
    while (hi - lo != 1) {
      long mid = lo + ((hi - lo) >>> 1);
      if (holds.test(mid)) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi;
  }
}
