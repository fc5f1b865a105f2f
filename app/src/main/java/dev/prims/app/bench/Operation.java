package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One benchmarked operation: a primitive with its operator, and how many bytes it moves per element
 * (reduce and histogram read the input; scan reads and writes it; dot reads two inputs).
 */
public enum Operation {
  REDUCE_SUM(Primitive.REDUCE, "sum", ReduceOp.SUM, null, 1),
  REDUCE_MIN(Primitive.REDUCE, "min", ReduceOp.MIN, null, 1),
  REDUCE_MAX(Primitive.REDUCE, "max", ReduceOp.MAX, null, 1),
  SCAN_INCLUSIVE(Primitive.SCAN, "inclusive-sum", ReduceOp.SUM, ScanKind.INCLUSIVE, 2),
  SCAN_EXCLUSIVE(Primitive.SCAN, "exclusive-sum", ReduceOp.SUM, ScanKind.EXCLUSIVE, 2),
  HISTOGRAM(Primitive.HISTOGRAM, "256-bins", null, null, 1),
  DOT(Primitive.DOT, "sum", null, null, 2),
  ARGMIN(Primitive.REDUCE, "argmin", ReduceOp.MIN, null, 1),
  ARGMAX(Primitive.REDUCE, "argmax", ReduceOp.MAX, null, 1),
  MOMENTS(Primitive.REDUCE, "moments", null, null, 1);

  /** Bins of the benchmarked histogram (keys 0..255, or even bins over [0, 1)). */
  public static final int BINS = 256;

  private final Primitive primitive;
  private final String op;
  private final ReduceOp reduceOp;
  private final ScanKind scanKind;
  private final int bytesPerElement;

  Operation(
      Primitive primitive, String op, ReduceOp reduceOp, ScanKind scanKind, int bytesPerElement) {
    this.primitive = primitive;
    this.op = op;
    this.reduceOp = reduceOp;
    this.scanKind = scanKind;
    this.bytesPerElement = bytesPerElement;
  }

  public Primitive primitive() {
    return primitive;
  }

  /** The operator label in reports ({@code sum}, {@code inclusive-sum}, {@code 256-bins}). */
  public String op() {
    return op;
  }

  /** The reduce or scan operator, or null for histogram and dot. */
  public ReduceOp reduceOp() {
    return reduceOp;
  }

  /** The scan kind, or null when this is not a scan. */
  public ScanKind scanKind() {
    return scanKind;
  }

  /**
   * Whether this is arg-min, arg-max or moments: named on their own in {@code --primitives} ({@code
   * argmax}), not included in a bare {@code reduce}, and timed by {@link ArgMomentsWorkload}.
   */
  public boolean isArgOrMoments() {
    return this == ARGMIN || this == ARGMAX || this == MOMENTS;
  }

  /** Whether the CUB reference program measures this operation with CUB (moments: no). */
  public boolean hasCubReference() {
    return this != MOMENTS;
  }

  /** Whether the CUB reference program measures this operation with Thrust. */
  public boolean hasThrustReference() {
    return !isArgOrMoments();
  }

  /** Bytes counted for throughput: elements moved times the element size. */
  public double bytes(DType type, long n) {
    return (double) bytesPerElement * n * type.bytes();
  }

  /**
   * Parses a comma-separated list of {@code reduce}, {@code scan}, {@code histogram}, {@code dot}
   * (all ops of that primitive but arg-min, arg-max and moments), {@code primitive:op} such as
   * {@code reduce:sum} or {@code scan:exclusive}, or {@code argmin}, {@code argmax}, {@code
   * moments}.
   *
   * @throws IllegalArgumentException naming the accepted forms for anything else
   */
  public static List<Operation> parseList(String text) {
    List<Operation> result = new ArrayList<>();
    for (String token : text.split(",")) {
      String t = token.trim().toLowerCase(Locale.ROOT);
      if (t.isEmpty()) {
        continue;
      }
      String primitive = t.contains(":") ? t.substring(0, t.indexOf(':')) : t;
      String op = t.contains(":") ? t.substring(t.indexOf(':') + 1) : null;
      boolean matched = false;
      for (Operation o : values()) {
        boolean own = o.isArgOrMoments() && o.op.equals(t);
        if (own
            || o.primitive.id().equals(primitive)
                && (op == null
                    ? !o.isArgOrMoments()
                    : o.op.equals(op) || o.op.startsWith(op + "-"))) {
          if (!result.contains(o)) {
            result.add(o);
          }
          matched = true;
        }
      }
      if (!matched) {
        throw new IllegalArgumentException(
            "unknown primitive '"
                + token.trim()
                + "'; expected reduce, scan, histogram, dot, argmin, argmax, moments, or one of"
                + " reduce:sum, reduce:min, reduce:max, scan:inclusive, scan:exclusive");
      }
    }
    if (result.isEmpty()) {
      throw new IllegalArgumentException("--primitives names no primitive");
    }
    return result;
  }
}
