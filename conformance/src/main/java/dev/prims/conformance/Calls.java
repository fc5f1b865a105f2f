package dev.prims.conformance;

import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.ScanResult;

/** Calls the typed {@link Prims} overloads on an array held as {@code Object}. */
public final class Calls {
  private Calls() {}

  /** {@code prims.reduce(array, op)} for the array's type. */
  public static Scalar reduce(Prims prims, Object array, ReduceOp op) {
    if (array instanceof int[]) {
      return prims.reduce((int[]) array, op);
    }
    if (array instanceof long[]) {
      return prims.reduce((long[]) array, op);
    }
    if (array instanceof float[]) {
      return prims.reduce((float[]) array, op);
    }
    return prims.reduce((double[]) array, op);
  }

  /** {@code prims.scan(array, op, kind)} for the array's type. */
  public static ScanResult<?> scan(Prims prims, Object array, ReduceOp op, ScanKind kind) {
    if (array instanceof int[]) {
      return prims.scan((int[]) array, op, kind);
    }
    if (array instanceof long[]) {
      return prims.scan((long[]) array, op, kind);
    }
    if (array instanceof float[]) {
      return prims.scan((float[]) array, op, kind);
    }
    return prims.scan((double[]) array, op, kind);
  }

  /** {@code prims.dot(a, b)} for the arrays' type. */
  public static Scalar dot(Prims prims, Object a, Object b) {
    if (a instanceof int[]) {
      return prims.dot((int[]) a, (int[]) b);
    }
    if (a instanceof long[]) {
      return prims.dot((long[]) a, (long[]) b);
    }
    if (a instanceof float[]) {
      return prims.dot((float[]) a, (float[]) b);
    }
    return prims.dot((double[]) a, (double[]) b);
  }

  /** The histogram of integer keys ({@code spec} must be a keys spec) or floating values. */
  public static HistogramResult histogram(Prims prims, Object array, HistogramSpec spec) {
    if (array instanceof int[]) {
      return prims.histogram((int[]) array, spec.bins());
    }
    if (array instanceof long[]) {
      return prims.histogram((long[]) array, spec.bins());
    }
    if (array instanceof float[]) {
      return prims.histogram((float[]) array, spec);
    }
    return prims.histogram((double[]) array, spec);
  }
}
