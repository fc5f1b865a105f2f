package dev.prims.spark;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.EvenBins;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.spi.FoldPlan;
import java.io.Serializable;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * prims inside Spark's executors: sums, minima, maxima, dots, histograms and prefix sums of numeric
 * (int, long, float, double) columns of a {@link Dataset}. Each task reads its partition's column
 * in chunks of primitive arrays ({@link ColumnChunks}: from Spark's columnar batches where the plan
 * has them, else from its internal rows) and calls prims per chunk; the partial results merge with
 * {@code treeAggregate}. Nulls are skipped and counted.
 *
 * <pre>{@code
 * // spark-submit --conf spark.prims.backend=cuda --conf spark.prims.determinism=reproducible
 * ColumnResult total = PrimsSpark.sum(sales, "amount");     // the same bits for any partitioning
 * ColumnHistogram h = PrimsSpark.histogram(sales, "amount", HistogramSpec.even(64, 0, 1000));
 * Dataset<Row> running = PrimsSpark.prefixSum(sales, "amount", "time");
 * }</pre>
 *
 * <p>Configuration: every {@code spark.prims.*} key of the session (SparkConf or runtime conf) is
 * handed to the tasks as the {@code prims.*} key ({@code spark.prims.backend}, {@code
 * spark.prims.determinism}, {@code spark.prims.fallback}, variants). When Spark schedules GPUs
 * ({@code spark.task.resource.gpu.amount}), each task runs on the GPU Spark assigned it ({@code
 * prims.device} = its first address).
 *
 * <p>In reproducible mode ({@code spark.prims.determinism=reproducible}) floating sums and dots
 * send prims' exact fold sums across the wire instead of rounded doubles, so the result has the
 * same bits for 1 or 200 partitions, any executor count, any task order and any backend, and equals
 * prims' reproducible result on the whole column on one machine. A reproducible dot reads its
 * columns twice (once for the largest magnitudes): cache the dataset.
 *
 * <p>Differences from Spark's aggregates: sums of int columns are long (as Spark's) but long sums
 * wrap like Java arithmetic; float columns sum in float; the sum of no values is 0, and the min/max
 * of no values is null; min and max propagate NaN as {@link Math#min} does.
 */
public final class PrimsSpark {
  private PrimsSpark() {}

  /** The sum of {@code column}'s non-null values (long for int columns). */
  public static ColumnResult sum(Dataset<?> dataset, String column) {
    DType source = NumericColumns.typeOf(dataset, column);
    DType type = NumericColumns.sumType(source);
    ExecutorSettings settings = ExecutorSettings.of(dataset.sparkSession());
    boolean exact = settings.reproducible() && type.isFloating();
    return aggregate(
            NumericColumns.read(dataset, type, column),
            SumPartial.empty(type, exact),
            part ->
                settings.call(
                    "sum of column '" + column + "'", prims -> sumPart(prims, type, part, exact)),
            SumPartial::plus)
        .result();
  }

  private static SumPartial sumPart(Prims prims, DType type, PartitionColumn part, boolean exact) {
    if (!exact) {
      Number value =
          part.length() == 0
              ? ReduceOp.SUM.identity(type)
              : reduce(prims.determinism(Determinism.FAST), part.values(), ReduceOp.SUM);
      return SumPartial.of(type, value, part.length(), part.nulls());
    }
    return SumPartial.exact(
        type, foldSums(prims, type, part.values()), part.length(), part.nulls());
  }

  private static FoldState foldSums(Prims prims, DType type, Object values) {
    dev.prims.spi.FoldSums sums =
        type == DType.FLOAT ? prims.foldSums((float[]) values) : prims.foldSums((double[]) values);
    double special =
        sums.isNonFinite()
            ? reduce(prims.determinism(Determinism.FAST), values, ReduceOp.SUM).doubleValue()
            : 0;
    return FoldState.of(type, sums, special);
  }

  /** The smallest non-null value of {@code column}; null value when there is none. */
  public static ColumnResult min(Dataset<?> dataset, String column) {
    return extrema(dataset, column).result(true);
  }

  /** The largest non-null value of {@code column}; null value when there is none. */
  public static ColumnResult max(Dataset<?> dataset, String column) {
    return extrema(dataset, column).result(false);
  }

  private static ExtremaPartial extrema(Dataset<?> dataset, String column) {
    DType type = NumericColumns.typeOf(dataset, column);
    ExecutorSettings settings = ExecutorSettings.of(dataset.sparkSession());
    return aggregate(
        NumericColumns.read(dataset, type, column),
        ExtremaPartial.empty(type),
        part ->
            settings.call(
                "min/max of column '" + column + "'",
                prims -> extremaPart(prims, type, part.values(), part.nulls())),
        ExtremaPartial::plus);
  }

  private static ExtremaPartial extremaPart(Prims prims, DType type, Object values, long nulls) {
    int n = java.lang.reflect.Array.getLength(values);
    if (n == 0) {
      return new ExtremaPartial(type, null, null, 0, nulls);
    }
    return new ExtremaPartial(
        type, reduce(prims, values, ReduceOp.MIN), reduce(prims, values, ReduceOp.MAX), n, nulls);
  }

  /**
   * The dot product of columns {@code a} and {@code b} over the rows where neither is null: long
   * for integer columns, float for two float columns, else double.
   */
  public static ColumnResult dot(Dataset<?> dataset, String a, String b) {
    DType typeA = NumericColumns.typeOf(dataset, a);
    DType typeB = NumericColumns.typeOf(dataset, b);
    DType type = NumericColumns.commonType(typeA, typeB);
    ExecutorSettings settings = ExecutorSettings.of(dataset.sparkSession());
    String what = "dot of columns '" + a + "' and '" + b + "'";
    JavaRDD<PartitionColumn> parts = NumericColumns.read(dataset, type, a, b);
    Integer topGrid = null;
    boolean exact = settings.reproducible() && type.isFloating();
    if (exact) {
      ExtremaPartial[] zero = {ExtremaPartial.empty(type), ExtremaPartial.empty(type)};
      ExtremaPartial[] bounds =
          aggregate(
              parts,
              zero,
              part ->
                  settings.call(
                      what,
                      prims ->
                          new ExtremaPartial[] {
                            extremaPart(prims, type, part.values(), 0),
                            extremaPart(prims, type, part.second(), 0)
                          }),
              (x, y) -> new ExtremaPartial[] {x[0].plus(y[0]), x[1].plus(y[1])});
      double bound = bounds[0].maxAbs() * bounds[1].maxAbs();
      boolean finiteInputs =
          Double.isFinite(bounds[0].maxAbs()) && Double.isFinite(bounds[1].maxAbs());
      if (Double.isInfinite(bound) && finiteInputs) {
        throw new ArithmeticException(
            "reproducible dot overflows: max|a| * max|b| exceeds the double range");
      }
      exact = Double.isFinite(bound);
      topGrid = exact && bound > 0 ? FoldPlan.topGridFor(bound) : null;
    }
    boolean folds = exact;
    Integer top = topGrid;
    return aggregate(
            parts,
            SumPartial.empty(type, folds),
            part -> {
              FoldPlan plan = top == null ? null : FoldPlan.forTopGrid(type, top);
              return settings.call(what, prims -> dotPart(prims, type, part, folds, plan));
            },
            SumPartial::plus)
        .result();
  }

  private static SumPartial dotPart(
      Prims prims, DType type, PartitionColumn part, boolean exact, FoldPlan plan) {
    if (exact) {
      FoldState state =
          plan == null || part.length() == 0
              ? FoldState.zero(type)
              : FoldState.of(type, foldDot(prims, type, part, plan), 0);
      return SumPartial.exact(type, state, part.length(), part.nulls());
    }
    Number value =
        part.length() == 0
            ? ReduceOp.SUM.identity(type)
            : dot(prims.determinism(Determinism.FAST), part.values(), part.second());
    return SumPartial.of(type, value, part.length(), part.nulls());
  }

  private static dev.prims.spi.FoldSums foldDot(
      Prims prims, DType type, PartitionColumn part, FoldPlan plan) {
    return type == DType.FLOAT
        ? prims.foldDot((float[]) part.values(), (float[]) part.second(), plan)
        : prims.foldDot((double[]) part.values(), (double[]) part.second(), plan);
  }

  /**
   * The histogram of {@code column}: even bins ({@link HistogramSpec#even}) for float and double
   * columns, integer keys ({@link HistogramSpec#keys}) for int and long columns.
   */
  public static ColumnHistogram histogram(Dataset<?> dataset, String column, HistogramSpec spec) {
    DType type = NumericColumns.typeOf(dataset, column);
    if (spec == null) {
      throw new IllegalArgumentException("spec must not be null");
    }
    spec.requireCompatible(type);
    if (type == DType.FLOAT) {
      EvenBins.of(spec, type);
    }
    ExecutorSettings settings = ExecutorSettings.of(dataset.sparkSession());
    SpecWire wire = new SpecWire(spec.isEven(), spec.bins(), spec.lower(), spec.upper());
    return aggregate(
            NumericColumns.read(dataset, type, column),
            new HistogramPartial(new long[spec.bins()], 0, 0),
            part ->
                settings.call(
                    "histogram of column '" + column + "'",
                    prims -> histogramPart(prims, part, wire.spec())),
            HistogramPartial::plus)
        .result();
  }

  /** Integer-key histogram of an int or long column: key k in bin k when 0 <= k < bins. */
  public static ColumnHistogram histogram(Dataset<?> dataset, String column, int bins) {
    return histogram(dataset, column, HistogramSpec.keys(bins));
  }

  private static HistogramPartial histogramPart(
      Prims prims, PartitionColumn part, HistogramSpec spec) {
    if (part.length() == 0) {
      return new HistogramPartial(new long[spec.bins()], 0, part.nulls());
    }
    Object v = part.values();
    HistogramResult r =
        switch (DType.ofArray(v)) {
          case INT -> prims.histogram((int[]) v, spec.bins());
          case LONG -> prims.histogram((long[]) v, spec.bins());
          case FLOAT -> prims.histogram((float[]) v, spec);
          case DOUBLE -> prims.histogram((double[]) v, spec);
        };
    return new HistogramPartial(r.counts(), r.outOfRange(), part.nulls());
  }

  /** A {@link HistogramSpec} as it travels to the tasks. */
  private record SpecWire(boolean even, int bins, double lower, double upper)
      implements Serializable {
    HistogramSpec spec() {
      return even ? HistogramSpec.even(bins, lower, upper) : HistogramSpec.keys(bins);
    }
  }

  /**
   * {@code dataset} sorted by {@code orderBy} with one more column, {@code <column>_prefix_sum}:
   * the inclusive running sum of {@code column} in that order (long for int columns), null where
   * {@code column} is null (nulls add nothing). Each task scans its partition with prims, and adds
   * the sum of the partitions before it (computed first, in a separate job). In reproducible mode
   * the running sums of floating columns have the bits of prims' reproducible scan of the whole
   * column on one machine. Ties in {@code orderBy} are ordered as Spark's sort leaves them.
   */
  public static Dataset<Row> prefixSum(Dataset<Row> dataset, String column, String orderBy) {
    return PrefixSums.of(dataset, column, orderBy);
  }

  // ---- shared plumbing ----

  /** One partial per partition, merged with {@code treeAggregate}. */
  static <S> S aggregate(
      JavaRDD<PartitionColumn> parts, S zero, PartitionWork<S> work, Function2<S, S, S> merge) {
    return parts.map(work::apply).treeAggregate(zero, merge, merge);
  }

  /** What a task computes from its partition's values. */
  @FunctionalInterface
  interface PartitionWork<S> extends Serializable {
    S apply(PartitionColumn part);
  }

  static Number reduce(Prims prims, Object values, ReduceOp op) {
    return switch (DType.ofArray(values)) {
      case INT -> prims.reduce((int[]) values, op).value();
      case LONG -> prims.reduce((long[]) values, op).value();
      case FLOAT -> prims.reduce((float[]) values, op).value();
      case DOUBLE -> prims.reduce((double[]) values, op).value();
    };
  }

  private static Number dot(Prims prims, Object a, Object b) {
    return switch (DType.ofArray(a)) {
      case INT -> prims.dot((int[]) a, (int[]) b).value();
      case LONG -> prims.dot((long[]) a, (long[]) b).value();
      case FLOAT -> prims.dot((float[]) a, (float[]) b).value();
      case DOUBLE -> prims.dot((double[]) a, (double[]) b).value();
    };
  }
}
