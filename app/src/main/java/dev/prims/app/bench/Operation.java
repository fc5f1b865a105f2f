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
  ARGMIN("argmin", ReduceOp.MIN),
  ARGMAX("argmax", ReduceOp.MAX),
  MOMENTS("moments", null),
  SEGMENTED_SUM_64(Primitive.REDUCE, "segreduce", "sum-64", ScanKind.INCLUSIVE, 64, 0),
  SEGMENTED_SUM_4096(Primitive.REDUCE, "segreduce", "sum-4096", ScanKind.INCLUSIVE, 4096, 0),
  SEGMENTED_ARGMAX_64("argmax-64", ReduceOp.MAX, 64),
  REDUCE_BY_KEY_64(Primitive.REDUCE, "reduce-by-key", "sum-64", ScanKind.INCLUSIVE, 64, 1),
  SCAN_BY_KEY_64(Primitive.SCAN, "scan-by-key", "inclusive-sum-64", ScanKind.INCLUSIVE, 64, 1),
  SORT(Primitive.SCAN, "sort", "ascending", null, 0, 0),
  SORT_PAIRS(Primitive.SCAN, "sort", "pairs", null, 0, 2),
  SELECT(Primitive.SCAN, "select", "upper-half", null, 0, 0),
  TOPK(Primitive.SCAN, "topk", "k100", null, 0, 0),
  UNIQUE("unique"),
  RLE("rle");

  /** Bins of the benchmarked histogram (keys 0..255, or even bins over [0, 1)). */
  public static final int BINS = 256;

  private final Primitive primitive;
  private final String op;
  private final ReduceOp reduceOp;
  private final ScanKind scanKind;
  private final int bytesPerElement;
  private final String family;
  private final int segment;
  private final int keyBytes;

  /** A plain primitive under {@code op}, its family the primitive's id. */
  Operation(
      Primitive primitive, String op, ReduceOp reduceOp, ScanKind scanKind, int bytesPerElement) {
    this(primitive, primitive.id(), op, reduceOp, scanKind, bytesPerElement, 0, 0);
  }

  /**
   * Arg-min, arg-max ({@code reduceOp} MIN or MAX) or moments ({@code reduceOp} null): a reduction
   * of one input named on its own in {@code --primitives}.
   */
  Operation(String family, ReduceOp reduceOp) {
    this(Primitive.REDUCE, family, family, reduceOp, null, 1, 0, 0);
  }

  /**
   * A segmented arg-min or arg-max ({@code reduceOp} MIN or MAX) over segments of {@code segment}
   * elements: reads the values (the per-segment values and indices written are not counted).
   */
  Operation(String op, ReduceOp reduceOp, int segment) {
    this(Primitive.REDUCE, "segreduce", op, reduceOp, null, 1, segment, 0);
  }

  /**
   * A segmented sum: {@code family} segreduce, reduce-by-key or scan-by-key over segments or runs
   * of {@code segment} elements; by-key calls ({@code intKeys} 1) also read one int key per
   * element.
   */
  Operation(
      Primitive primitive, String family, String op, ScanKind scanKind, int segment, int intKeys) {
    this(
        primitive,
        family,
        op,
        ReduceOp.SUM,
        primitive == Primitive.SCAN ? scanKind : null,
        primitive == Primitive.SCAN ? 2 : 1,
        segment,
        4 * intKeys);
  }

  /**
   * Unique or run-length encode ({@code family} unique or rle) of int or long keys in runs of mean
   * length 4 ({@link DataSet#runKeys}), op {@code mean-run-4}: reads the keys and writes the kept
   * ones (run-length encode: and one long length per run), so the bytes counted depend on the run
   * count.
   */
  Operation(String family) {
    this(Primitive.SCAN, family, "mean-run-4", null, null, 1, 0, 0);
  }

  /** The operation with every field as given; the constructors above fill them in. */
  Operation(
      Primitive primitive,
      String family,
      String op,
      ReduceOp reduceOp,
      ScanKind scanKind,
      int bytesPerElement,
      int segment,
      int keyBytes) {
    this.primitive = primitive;
    this.family = family;
    this.op = op;
    this.reduceOp = reduceOp;
    this.scanKind = scanKind;
    this.bytesPerElement = bytesPerElement;
    this.segment = segment;
    this.keyBytes = keyBytes;
  }

  /**
   * The name in reports and {@code --primitives}: the primitive's id, or segreduce, reduce-by-key,
   * scan-by-key.
   */
  public String family() {
    return family;
  }

  /** Elements per segment or run of a segmented operation, 0 for the others. */
  public int segment() {
    return segment;
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

  /**
   * Whether this is a sort, timed by {@link SortWorkload}: keys ascending (a sorted copy of Java
   * arrays in host mode, one buffer into another in device mode) or key-value pairs with int values
   * (device mode only: buffers into buffers).
   */
  public boolean isSort() {
    return this == SORT || this == SORT_PAIRS;
  }

  /** Whether this is a select or top-k, timed by {@link SelectWorkload} (host and device modes). */
  public boolean isSelect() {
    return this == SELECT || this == TOPK;
  }

  /**
   * Whether this is unique or run-length encode, timed by {@link UniqueWorkload} (host and device
   * modes, int and long keys only).
   */
  public boolean isUnique() {
    return this == UNIQUE || this == RLE;
  }

  /** Whether this operation runs on values of {@code type} (unique and rle: int and long only). */
  public boolean takes(DType type) {
    return !isUnique() || !type.isFloating();
  }

  /** Whether this is a segmented arg-min or arg-max ({@code segreduce:argmax-64}). */
  public boolean isSegmentedArg() {
    return segment > 0 && family.equals("segreduce") && op.startsWith("arg");
  }

  /** Whether the CUB reference program measures this operation with CUB (moments: no). */
  public boolean hasCubReference() {
    return this != MOMENTS;
  }

  /** Whether the CUB reference program measures this operation with Thrust. */
  public boolean hasThrustReference() {
    return isPlain();
  }

  /** Whether this is one of the four first primitives (reduce, scan, histogram, dot). */
  public boolean isPlain() {
    return !isArgOrMoments() && segment == 0 && !isSort() && !isSelect() && !isUnique();
  }

  /**
   * Bytes counted for throughput: elements moved times the element size; for unique and run-length
   * encode the keys read plus the {@link DataSet#runCount} runs written (keys, and for rle 8-byte
   * lengths), as the CUB reference counts them.
   */
  public double bytes(DType type, long n) {
    if (isUnique()) {
      return (double) n * type.bytes()
          + (double) DataSet.runCount(n) * (type.bytes() + (this == RLE ? Long.BYTES : 0));
    }
    return (double) bytesPerElement * n * type.bytes() + (double) keyBytes * n;
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
        boolean ownReduce = o.isArgOrMoments() && primitive.equals("reduce") && o.op.equals(op);
        if (ownReduce
            || o.family.equals(primitive)
                && (op == null || o.op.equals(op) || o.op.startsWith(op + "-"))) {
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
                + "'; expected reduce, scan, histogram, dot, argmin, argmax, moments, segreduce,"
                + " reduce-by-key, scan-by-key, sort, select, topk, unique, rle, or one of"
                + " sort:ascending, sort:pairs, reduce:sum, reduce:min, reduce:max,"
                + " scan:inclusive, scan:exclusive, segreduce:sum-64, segreduce:sum-4096,"
                + " segreduce:argmax-64");
      }
    }
    if (result.isEmpty()) {
      throw new IllegalArgumentException("--primitives names no primitive");
    }
    return result;
  }
}
