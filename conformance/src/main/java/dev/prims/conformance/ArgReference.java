package dev.prims.conformance;

import dev.prims.ReduceOp;
import java.lang.reflect.Array;

/**
 * The arg-min/arg-max a plain loop gives, written from the contract rather than from any backend's
 * keys: floating values rank by {@link Double#compare} (NaN above everything, {@code -0.0 < 0.0})
 * for MAX, and the same with NaN below everything for MIN; a later element wins only when strictly
 * more extreme.
 */
public final class ArgReference {
  private ArgReference() {}

  /** Index of the first extreme element of a non-empty int, long, float or double array. */
  public static int index(Object array, ReduceOp op) {
    int best = 0;
    for (int i = 1; i < Array.getLength(array); i++) {
      if (moreExtreme(Array.get(array, i), Array.get(array, best), op)) {
        best = i;
      }
    }
    return best;
  }

  private static boolean moreExtreme(Object x, Object best, ReduceOp op) {
    if (x instanceof Integer || x instanceof Long) {
      long a = ((Number) x).longValue();
      long b = ((Number) best).longValue();
      return op == ReduceOp.MAX ? a > b : a < b;
    }
    double a = ((Number) x).doubleValue();
    double b = ((Number) best).doubleValue();
    if (op == ReduceOp.MAX) {
      return Double.compare(a, b) > 0;
    }
    if (Double.isNaN(a) || Double.isNaN(b)) {
      return Double.isNaN(a) && !Double.isNaN(b);
    }
    return Double.compare(a, b) < 0;
  }
}
