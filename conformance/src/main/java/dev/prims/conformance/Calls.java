package dev.prims.conformance;

import dev.prims.ArgResult;
import dev.prims.ByKey;
import dev.prims.ByKeyResult;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Moments;
import dev.prims.Predicate;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.ScanResult;
import dev.prims.SegmentArgResult;
import dev.prims.SegmentResult;
import dev.prims.Segments;
import dev.prims.SelectResult;
import dev.prims.SortOrder;
import dev.prims.SortResult;
import dev.prims.TopKOrder;
import dev.prims.TopKResult;

/**
 * Calls the typed overloads of {@link Prims}, {@link Segments} and {@link ByKey} on an array held
 * as {@code Object}.
 */
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

  /** {@code prims.scan(input, output, op, kind)} for the arrays' type. */
  public static Provenance scan(
      Prims prims, Object input, Object output, ReduceOp op, ScanKind kind) {
    if (input instanceof int[]) {
      return prims.scan((int[]) input, (int[]) output, op, kind);
    }
    if (input instanceof long[]) {
      return prims.scan((long[]) input, (long[]) output, op, kind);
    }
    if (input instanceof float[]) {
      return prims.scan((float[]) input, (float[]) output, op, kind);
    }
    return prims.scan((double[]) input, (double[]) output, op, kind);
  }

  /** {@code prims.scan(input, inputOffset, output, outputOffset, length, op, kind)} by type. */
  public static Provenance scan(
      Prims prims,
      Object input,
      int inputOffset,
      Object output,
      int outputOffset,
      int length,
      ReduceOp op,
      ScanKind kind) {
    if (input instanceof int[]) {
      return prims.scan((int[]) input, inputOffset, (int[]) output, outputOffset, length, op, kind);
    }
    if (input instanceof long[]) {
      return prims.scan(
          (long[]) input, inputOffset, (long[]) output, outputOffset, length, op, kind);
    }
    if (input instanceof float[]) {
      return prims.scan(
          (float[]) input, inputOffset, (float[]) output, outputOffset, length, op, kind);
    }
    return prims.scan(
        (double[]) input, inputOffset, (double[]) output, outputOffset, length, op, kind);
  }

  /** {@link #histogram(Prims, Object, HistogramSpec)} into the caller's {@code counts}. */
  public static HistogramResult histogram(
      Prims prims, Object array, HistogramSpec spec, long[] counts) {
    if (array instanceof int[]) {
      return prims.histogram((int[]) array, spec.bins(), counts);
    }
    if (array instanceof long[]) {
      return prims.histogram((long[]) array, spec.bins(), counts);
    }
    if (array instanceof float[]) {
      return prims.histogram((float[]) array, spec, counts);
    }
    return prims.histogram((double[]) array, spec, counts);
  }

  /** {@code prims.argReduce(array, op)} for the array's type. */
  public static ArgResult argReduce(Prims prims, Object array, ReduceOp op) {
    if (array instanceof int[] a) {
      return prims.argReduce(a, op);
    }
    if (array instanceof long[] a) {
      return prims.argReduce(a, op);
    }
    if (array instanceof float[] a) {
      return prims.argReduce(a, op);
    }
    return prims.argReduce((double[]) array, op);
  }

  /** {@code prims.moments(array)} for the array's type. */
  public static Moments moments(Prims prims, Object array) {
    if (array instanceof int[] a) {
      return prims.moments(a);
    }
    if (array instanceof long[] a) {
      return prims.moments(a);
    }
    if (array instanceof float[] a) {
      return prims.moments(a);
    }
    return prims.moments((double[]) array);
  }

  /** {@code prims.sort(array, order)} for the array's type. */
  public static SortResult<?> sort(Prims prims, Object array, SortOrder order) {
    if (array instanceof int[] a) {
      return prims.sort(a, order);
    }
    if (array instanceof long[] a) {
      return prims.sort(a, order);
    }
    if (array instanceof float[] a) {
      return prims.sort(a, order);
    }
    return prims.sort((double[]) array, order);
  }

  /** {@code prims.topK(array, k, order)} for the array's type. */
  public static TopKResult<?> topK(Prims prims, Object array, int k, TopKOrder order) {
    if (array instanceof int[] a) {
      return prims.topK(a, k, order);
    }
    if (array instanceof long[] a) {
      return prims.topK(a, k, order);
    }
    if (array instanceof float[] a) {
      return prims.topK(a, k, order);
    }
    return prims.topK((double[]) array, k, order);
  }

  /**
   * {@code prims.select(array, predicate)}, or {@code prims.partition(array, predicate)} where
   * {@code partition}, for the array's type.
   */
  public static SelectResult<?> select(
      Prims prims, Object array, Predicate predicate, boolean partition) {
    if (array instanceof int[] a) {
      return partition ? prims.partition(a, predicate) : prims.select(a, predicate);
    }
    if (array instanceof long[] a) {
      return partition ? prims.partition(a, predicate) : prims.select(a, predicate);
    }
    if (array instanceof float[] a) {
      return partition ? prims.partition(a, predicate) : prims.select(a, predicate);
    }
    double[] a = (double[]) array;
    return partition ? prims.partition(a, predicate) : prims.select(a, predicate);
  }

  /** {@link #select(Prims, Object, Predicate, boolean)} by {@code flags[i] != 0}. */
  public static SelectResult<?> select(Prims prims, Object array, int[] flags, boolean partition) {
    if (array instanceof int[] a) {
      return partition ? prims.partition(a, flags) : prims.select(a, flags);
    }
    if (array instanceof long[] a) {
      return partition ? prims.partition(a, flags) : prims.select(a, flags);
    }
    if (array instanceof float[] a) {
      return partition ? prims.partition(a, flags) : prims.select(a, flags);
    }
    double[] a = (double[]) array;
    return partition ? prims.partition(a, flags) : prims.select(a, flags);
  }

  /** {@code segments.reduce(array, op)} for the array's type. */
  public static SegmentResult<?> reduce(Segments segments, Object array, ReduceOp op) {
    if (array instanceof int[] a) {
      return segments.reduce(a, op);
    }
    if (array instanceof long[] a) {
      return segments.reduce(a, op);
    }
    if (array instanceof float[] a) {
      return segments.reduce(a, op);
    }
    return segments.reduce((double[]) array, op);
  }

  /** {@code segments.scan(array, op, kind)} for the array's type. */
  public static ScanResult<?> scan(Segments segments, Object array, ReduceOp op, ScanKind kind) {
    if (array instanceof int[] a) {
      return segments.scan(a, op, kind);
    }
    if (array instanceof long[] a) {
      return segments.scan(a, op, kind);
    }
    if (array instanceof float[] a) {
      return segments.scan(a, op, kind);
    }
    return segments.scan((double[]) array, op, kind);
  }

  /** {@code segments.argReduce(array, op)} for the array's type. */
  public static SegmentArgResult<?> argReduce(Segments segments, Object array, ReduceOp op) {
    if (array instanceof int[] a) {
      return segments.argReduce(a, op);
    }
    if (array instanceof long[] a) {
      return segments.argReduce(a, op);
    }
    if (array instanceof float[] a) {
      return segments.argReduce(a, op);
    }
    return segments.argReduce((double[]) array, op);
  }

  /** {@code byKey.reduce(array, op)} for the array's type. */
  public static <K> ByKeyResult<K, ?> reduce(ByKey<K> byKey, Object array, ReduceOp op) {
    if (array instanceof int[] a) {
      return byKey.reduce(a, op);
    }
    if (array instanceof long[] a) {
      return byKey.reduce(a, op);
    }
    if (array instanceof float[] a) {
      return byKey.reduce(a, op);
    }
    return byKey.reduce((double[]) array, op);
  }

  /** {@code byKey.scan(array, op, kind)} for the array's type. */
  public static ScanResult<?> scan(ByKey<?> byKey, Object array, ReduceOp op, ScanKind kind) {
    if (array instanceof int[] a) {
      return byKey.scan(a, op, kind);
    }
    if (array instanceof long[] a) {
      return byKey.scan(a, op, kind);
    }
    if (array instanceof float[] a) {
      return byKey.scan(a, op, kind);
    }
    return byKey.scan((double[]) array, op, kind);
  }
}
