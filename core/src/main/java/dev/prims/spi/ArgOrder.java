package dev.prims.spi;

import dev.prims.ReduceOp;

/**
 * The order arg-min and arg-max rank elements by, written once for every backend: the order of
 * {@link Math#min}/{@link Math#max} made total. {@code -0.0} ranks below {@code +0.0}; every NaN
 * (any payload) is the most extreme value for both operators, so a NaN anywhere is the answer, as
 * it is for MIN and MAX. Kernels compare integer keys: for {@code float}, {@code k =
 * floatToRawIntBits(x)} then {@code k ^ ((k >> 31) & 0x7fffffff)}, which orders every non-NaN float
 * as a signed {@code int}; NaN gets {@code Integer.MAX_VALUE} under MAX and {@code
 * Integer.MIN_VALUE} under MIN (the {@code double} keys are the same in {@code long}). Integers are
 * their own keys. The winner is the element of the greatest key (MAX) or least key (MIN), and of
 * the smallest index among equal keys.
 */
public final class ArgOrder {
  private ArgOrder() {}

  /** The ordering key of a float under {@code op} (MIN or MAX). */
  public static int key(float x, ReduceOp op) {
    if (x != x) {
      return op == ReduceOp.MIN ? Integer.MIN_VALUE : Integer.MAX_VALUE;
    }
    int k = Float.floatToRawIntBits(x);
    return k ^ ((k >> 31) & 0x7fffffff);
  }

  /** The ordering key of a double under {@code op} (MIN or MAX). */
  public static long key(double x, ReduceOp op) {
    if (x != x) {
      return op == ReduceOp.MIN ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    long k = Double.doubleToRawLongBits(x);
    return k ^ ((k >> 63) & 0x7fffffffffffffffL);
  }

  /**
   * Whether key {@code a} at index {@code ia} wins over key {@code b} at index {@code ib} under
   * {@code op}: more extreme, or equal and earlier.
   */
  public static boolean wins(long a, long ia, long b, long ib, ReduceOp op) {
    if (a != b) {
      return op == ReduceOp.MIN ? a < b : a > b;
    }
    return ia < ib;
  }

  /** The key of element {@code value} (boxed as its type) under {@code op}. */
  public static long keyOf(Number value, ReduceOp op) {
    if (value instanceof Float) {
      return key(value.floatValue(), op);
    }
    if (value instanceof Double) {
      return key(value.doubleValue(), op);
    }
    return value.longValue();
  }

  /**
   * The winner of two candidates (either may be null for an empty part) under {@code op}: how
   * backends merge per-block answers.
   */
  public static IndexedValue better(IndexedValue a, IndexedValue b, ReduceOp op) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return wins(keyOf(a.value(), op), a.index(), keyOf(b.value(), op), b.index(), op) ? a : b;
  }

  /**
   * @throws IllegalArgumentException unless {@code op} is MIN or MAX
   */
  public static ReduceOp requireMinOrMax(ReduceOp op) {
    if (op != ReduceOp.MIN && op != ReduceOp.MAX) {
      throw new IllegalArgumentException("arg-reduce takes MIN or MAX, not " + op);
    }
    return op;
  }
}
