package dev.prims.conformance;

import dev.prims.DType;
import dev.prims.ReduceOp;
import dev.prims.spi.FoldPlan;
import java.lang.reflect.Array;
import java.util.function.IntToDoubleFunction;

/**
 * The expected bits of reproducible mode, computed on the host with {@link FoldPlan} exactly as the
 * engine defines it: one answer for every backend, device and launch shape.
 */
public final class ReproducibleReference {
  private ReproducibleReference() {}

  /** Largest magnitude of a floating array: NaN with a NaN or both infinities, else finite/inf. */
  public static double maxAbs(Object array) {
    DType type = DType.ofArray(array);
    double max = Reference.fold(array, ReduceOp.MAX).doubleValue();
    double min = Reference.fold(array, ReduceOp.MIN).doubleValue();
    if (Double.isNaN(max) || (Double.isInfinite(max) && Double.isInfinite(min) && max != min)) {
      return Double.NaN;
    }
    return type.isFloating() ? Math.max(Math.abs(min), Math.abs(max)) : Double.NaN;
  }

  /**
   * The reproducible sum of a floating array with only finite values, boxed as its type: +0.0 when
   * every value is zero.
   */
  public static Number sum(Object array) {
    return sumOf(
        DType.ofArray(array),
        maxAbs(array),
        Array.getLength(array),
        i -> Reference.element(array, i));
  }

  /**
   * The reproducible dot of two finite floating arrays whose {@code maxAbs(a) * maxAbs(b)} is
   * finite, boxed as their type: +0.0 when that bound is zero.
   */
  public static Number dot(Object a, Object b) {
    return sumOf(
        DType.ofArray(a),
        maxAbs(a) * maxAbs(b),
        Array.getLength(a),
        i -> Reference.element(a, i) * Reference.element(b, i));
  }

  /**
   * The reproducible sum of the {@code n} terms {@code term(i)}, whose magnitudes are at most
   * {@code bound}, boxed as {@code type}: +0.0 when the bound is zero.
   */
  private static Number sumOf(DType type, double bound, int n, IntToDoubleFunction term) {
    if (bound == 0) {
      return ReduceOp.SUM.identity(type);
    }
    FoldPlan plan = FoldPlan.forMaxAbs(type, bound);
    long[] sums = new long[plan.folds()];
    for (int i = 0; i < n; i++) {
      plan.accumulate(term.applyAsDouble(i), sums);
    }
    return plan.finish(sums);
  }

  /** The reproducible inclusive or exclusive sum scan of a finite floating array. */
  public static Object scan(Object array, boolean inclusive) {
    DType type = DType.ofArray(array);
    double maxAbs = maxAbs(array);
    FoldPlan plan = FoldPlan.forMaxAbs(type, maxAbs == 0 ? 1.0 : maxAbs);
    int n = Array.getLength(array);
    Object out = Array.newInstance(array.getClass().getComponentType(), n);
    long[] sums = new long[plan.folds()];
    for (int i = 0; i < n; i++) {
      if (!inclusive) {
        put(out, i, plan.combine(sums));
      }
      plan.accumulate(Reference.element(array, i), sums);
      if (inclusive) {
        put(out, i, plan.combine(sums));
      }
    }
    return out;
  }

  private static void put(Object out, int i, double v) {
    if (out instanceof float[]) {
      ((float[]) out)[i] = (float) v;
    } else {
      ((double[]) out)[i] = v;
    }
  }
}
