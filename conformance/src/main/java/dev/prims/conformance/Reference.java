package dev.prims.conformance;

import dev.prims.DType;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import dev.prims.ReduceOp;

/** Plain sequential Java answers for every primitive, the expectations of the suite. */
public final class Reference {
  private Reference() {}

  /** Expected histogram: counts per bin and the number of values outside every bin. */
  public record Histogram(long[] counts, long outOfRange) {}

  /** Folds {@code array} left to right with {@code op} in its own type (Java semantics). */
  public static Number fold(Object array, ReduceOp op) {
    DType type = DType.ofArray(array);
    switch (type) {
      case INT:
        {
          int acc = op.identity(type).intValue();
          for (int v : (int[]) array) {
            acc = apply(op, acc, v);
          }
          return acc;
        }
      case LONG:
        {
          long acc = op.identity(type).longValue();
          for (long v : (long[]) array) {
            acc = apply(op, acc, v);
          }
          return acc;
        }
      case FLOAT:
        {
          float acc = op.identity(type).floatValue();
          for (float v : (float[]) array) {
            acc = apply(op, acc, v);
          }
          return acc;
        }
      default:
        {
          double acc = op.identity(type).doubleValue();
          for (double v : (double[]) array) {
            acc = apply(op, acc, v);
          }
          return acc;
        }
    }
  }

  /** The sequential inclusive or exclusive scan of {@code array} in its own type. */
  public static Object scan(Object array, ReduceOp op, boolean inclusive) {
    DType type = DType.ofArray(array);
    switch (type) {
      case INT:
        {
          int[] in = (int[]) array;
          int[] out = new int[in.length];
          int acc = op.identity(type).intValue();
          for (int i = 0; i < in.length; i++) {
            int next = apply(op, acc, in[i]);
            out[i] = inclusive ? next : acc;
            acc = next;
          }
          return out;
        }
      case LONG:
        {
          long[] in = (long[]) array;
          long[] out = new long[in.length];
          long acc = op.identity(type).longValue();
          for (int i = 0; i < in.length; i++) {
            long next = apply(op, acc, in[i]);
            out[i] = inclusive ? next : acc;
            acc = next;
          }
          return out;
        }
      case FLOAT:
        {
          float[] in = (float[]) array;
          float[] out = new float[in.length];
          float acc = op.identity(type).floatValue();
          for (int i = 0; i < in.length; i++) {
            float next = apply(op, acc, in[i]);
            out[i] = inclusive ? next : acc;
            acc = next;
          }
          return out;
        }
      default:
        {
          double[] in = (double[]) array;
          double[] out = new double[in.length];
          double acc = op.identity(type).doubleValue();
          for (int i = 0; i < in.length; i++) {
            double next = apply(op, acc, in[i]);
            out[i] = inclusive ? next : acc;
            acc = next;
          }
          return out;
        }
    }
  }

  /** The accurate sum of a float or double array. */
  public static ExactSum sum(Object array) {
    ExactSum s = new ExactSum();
    int n = java.lang.reflect.Array.getLength(array);
    for (int i = 0; i < n; i++) {
      s.add(element(array, i));
    }
    return s;
  }

  /** The accurate dot product of two float or double arrays of equal length. */
  public static ExactSum dot(Object a, Object b) {
    ExactSum s = new ExactSum();
    int n = java.lang.reflect.Array.getLength(a);
    for (int i = 0; i < n; i++) {
      s.addProduct(element(a, i), element(b, i));
    }
    return s;
  }

  /** The integer dot product, wrapping like Java, boxed as the inputs' type. */
  public static Number integerDot(Object a, Object b) {
    if (a instanceof int[]) {
      int[] x = (int[]) a;
      int[] y = (int[]) b;
      int acc = 0;
      for (int i = 0; i < x.length; i++) {
        acc += x[i] * y[i];
      }
      return acc;
    }
    long[] x = (long[]) a;
    long[] y = (long[]) b;
    long acc = 0;
    for (int i = 0; i < x.length; i++) {
      acc += x[i] * y[i];
    }
    return acc;
  }

  /** Element {@code i} of a float or double array, widened to double. */
  public static double element(Object array, int i) {
    return array instanceof float[] ? ((float[]) array)[i] : ((double[]) array)[i];
  }

  /** The histogram of integer keys or floating values under {@code spec}. */
  public static Histogram histogram(Object array, HistogramSpec spec) {
    long[] counts = new long[spec.bins()];
    long out = 0;
    int bins = spec.bins();
    if (array instanceof int[]) {
      for (int k : (int[]) array) {
        if (k >= 0 && k < bins) {
          counts[k]++;
        } else {
          out++;
        }
      }
    } else if (array instanceof long[]) {
      for (long k : (long[]) array) {
        if (k >= 0 && k < bins) {
          counts[(int) k]++;
        } else {
          out++;
        }
      }
    } else if (array instanceof float[]) {
      EvenBins even = EvenBins.of(spec, DType.FLOAT);
      for (float v : (float[]) array) {
        int b = even.binOf(v);
        if (b >= 0) {
          counts[b]++;
        } else {
          out++;
        }
      }
    } else {
      EvenBins even = EvenBins.of(spec, DType.DOUBLE);
      for (double v : (double[]) array) {
        int b = even.binOf(v);
        if (b >= 0) {
          counts[b]++;
        } else {
          out++;
        }
      }
    }
    return new Histogram(counts, out);
  }

  static int apply(ReduceOp op, int a, int b) {
    switch (op) {
      case SUM:
        return a + b;
      case PROD:
        return a * b;
      case MIN:
        return Math.min(a, b);
      case MAX:
        return Math.max(a, b);
      case AND:
        return a & b;
      case OR:
        return a | b;
      default:
        return a ^ b;
    }
  }

  static long apply(ReduceOp op, long a, long b) {
    switch (op) {
      case SUM:
        return a + b;
      case PROD:
        return a * b;
      case MIN:
        return Math.min(a, b);
      case MAX:
        return Math.max(a, b);
      case AND:
        return a & b;
      case OR:
        return a | b;
      default:
        return a ^ b;
    }
  }

  static float apply(ReduceOp op, float a, float b) {
    switch (op) {
      case SUM:
        return a + b;
      case PROD:
        return a * b;
      case MIN:
        return Math.min(a, b);
      case MAX:
        return Math.max(a, b);
      default:
        throw new IllegalArgumentException(op + " on float");
    }
  }

  static double apply(ReduceOp op, double a, double b) {
    switch (op) {
      case SUM:
        return a + b;
      case PROD:
        return a * b;
      case MIN:
        return Math.min(a, b);
      case MAX:
        return Math.max(a, b);
      default:
        throw new IllegalArgumentException(op + " on double");
    }
  }
}
