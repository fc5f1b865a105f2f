package dev.prims.engine.multidevice;

import dev.prims.DType;
import dev.prims.ReduceOp;

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

  /** {@code a op b} of ints. */
  static int of(ReduceOp op, int a, int b) {
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

  /** {@code a op b} of floats. */
  static float of(ReduceOp op, float a, float b) {
    return switch (op) {
      case SUM -> a + b;
      case PROD -> a * b;
      case MIN -> Math.min(a, b);
      case MAX -> Math.max(a, b);
      default -> throw new IllegalArgumentException(op.id() + " does not apply to float");
    };
  }

  /** {@code a op b} of doubles. */
  static double of(ReduceOp op, double a, double b) {
    return switch (op) {
      case SUM -> a + b;
      case PROD -> a * b;
      case MIN -> Math.min(a, b);
      case MAX -> Math.max(a, b);
      default -> throw new IllegalArgumentException(op.id() + " does not apply to double");
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
      int c = carry.intValue();
      for (int j = 0; j < a.length; j++) {
        a[j] = of(op, c, a[j]);
      }
    } else if (array instanceof long[] a) {
      long c = carry.longValue();
      for (int j = 0; j < a.length; j++) {
        a[j] = of(op, c, a[j]);
      }
    } else if (array instanceof float[] a) {
      float c = carry.floatValue();
      for (int j = 0; j < a.length; j++) {
        a[j] = of(op, c, a[j]);
      }
    } else {
      double[] a = (double[]) array;
      double c = carry.doubleValue();
      for (int j = 0; j < a.length; j++) {
        a[j] = of(op, c, a[j]);
      }
    }
  }
}
