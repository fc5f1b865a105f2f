package dev.prims.engine.multidevice;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.util.Arrays;

/**
 * Combines two partial results of one reduction as a single device would: integer sums and products
 * wrap like Java arithmetic, MIN and MAX follow {@link Math#min}/{@link Math#max} (NaN wins, -0.0
 * is below 0.0), bitwise operations are exact.
 */
final class Partials {
  private Partials() {}

  /** {@code a op b} in {@code type}. */
  static Number combine(ReduceOp op, DType type, Number a, Number b) {
    return switch (type) {
      case INT -> of(op, a.intValue(), b.intValue());
      case LONG -> of(op, a.longValue(), b.longValue());
      case FLOAT -> of(op, a.floatValue(), b.floatValue());
      case DOUBLE -> of(op, a.doubleValue(), b.doubleValue());
    };
  }

  /**
   * {@code a op b} of ints: the low 32 bits of the operation on longs (sums and products wrap to
   * the same bits, the minimum and maximum of sign-extended values are the ints').
   */
  static int of(ReduceOp op, int a, int b) {
    return (int) of(op, (long) a, (long) b);
  }

  /** {@code a op b} of longs. */
  static long of(ReduceOp op, long a, long b) {
    return switch (op) {
      case SUM -> a + b;
      case PROD -> a * b;
      case MIN -> Math.min(a, b);
      case MAX -> Math.max(a, b);
      case AND -> a & b;
      case OR -> a | b;
      case XOR -> a ^ b;
    };
  }

  /**
   * {@code a op b} of floats: the operation on doubles rounded to float, which is the float
   * operation's result (a double has more than twice a float's precision, so rounding twice gives
   * the same float as rounding once).
   */
  static float of(ReduceOp op, float a, float b) {
    return (float) of(op, (double) a, (double) b);
  }

  /** {@code a op b} of doubles. */
  static double of(ReduceOp op, double a, double b) {
    return switch (op) {
      case SUM -> a + b;
      case PROD -> a * b;
      case MIN -> Math.min(a, b);
      case MAX -> Math.max(a, b);
      default -> throw new IllegalArgumentException(op.id() + " does not apply to float or double");
    };
  }

  /** The partials combined in order: {@code ((p0 op p1) op p2) ...}. */
  static Number fold(ReduceOp op, DType type, java.util.List<Number> partials) {
    Number result = partials.get(0);
    for (int i = 1; i < partials.size(); i++) {
      result = combine(op, type, result, partials.get(i));
    }
    return result;
  }

  /** Replaces every element {@code x} of {@code array} by {@code carry op x}. */
  static void applyCarry(Object array, ReduceOp op, Number carry) {
    if (array instanceof int[] a) {
      Arrays.setAll(a, j -> of(op, carry.intValue(), a[j]));
    } else if (array instanceof long[] a) {
      Arrays.setAll(a, j -> of(op, carry.longValue(), a[j]));
    } else if (array instanceof double[] a) {
      Arrays.setAll(a, j -> of(op, carry.doubleValue(), a[j]));
    } else {
      float[] a = (float[]) array;
      float c = carry.floatValue();
      for (int j = 0; j < a.length; j++) {
        a[j] = of(op, c, a[j]);
      }
    }
  }
}
