package dev.prims.spark;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;

/**
 * {@link PrimsSpark#prefixSum}: a first job sums each partition of the sorted dataset (and finds
 * its largest magnitudes), the driver turns those into each partition's carry (the sum of the
 * partitions before it), and the returned dataset's tasks scan their partition with prims and add
 * the carry. In reproducible mode the carry is the exact fold sums of the partitions before, and
 * each running sum is {@link FoldPlan#combine} of the carry plus the partition's own fold sums so
 * far, on the plan of the whole column's largest magnitude: the bits of prims' reproducible scan of
 * the whole column.
 */
final class PrefixSums {
  private PrefixSums() {}

  static Dataset<Row> of(Dataset<Row> dataset, String column, String orderBy) {
    DType source = NumericColumns.typeOf(dataset, column);
    if (orderBy == null || !Arrays.asList(dataset.columns()).contains(orderBy)) {
      throw new IllegalArgumentException(
          "no column '" + orderBy + "' to order by in " + Arrays.toString(dataset.columns()));
    }
    String name = column + "_prefix_sum";
    if (Arrays.asList(dataset.columns()).contains(name)) {
      throw new IllegalArgumentException("column '" + name + "' already exists");
    }
    DType type = NumericColumns.sumType(source);
    ExecutorSettings settings = ExecutorSettings.of(dataset.sparkSession());
    Dataset<Row> sorted = dataset.orderBy(orderBy);
    int ordinal = sorted.schema().fieldIndex(column);
    JavaRDD<Row> rows = sorted.javaRDD();
    List<Tuple2<Integer, Totals>> totals =
        rows.mapPartitionsWithIndex(
                (index, it) -> {
                  Object values = read(it, ordinal, type, null).values;
                  Totals t =
                      settings.call(
                          "prefix sum of column '" + column + "'",
                          prims -> Totals.of(prims, type, values, settings.reproducible()));
                  return List.of(new Tuple2<>(index, t)).iterator();
                },
                false)
            .collect();
    Carries carries = Carries.of(type, totals, rows.getNumPartitions());
    StructType schema = sorted.schema().add(name, NumericColumns.sparkType(type), true);
    JavaRDD<Row> scanned =
        rows.mapPartitionsWithIndex(
            (index, it) -> {
              List<Row> buffered = new ArrayList<>();
              Partition part = read(it, ordinal, type, buffered);
              Object sums =
                  settings.call(
                      "prefix sum of column '" + column + "'",
                      prims -> carries.scan(prims, index, part.values));
              return withColumn(buffered, part.nullRows, sums).iterator();
            },
            true);
    return dataset.sparkSession().createDataFrame(scanned, schema);
  }

  /** A partition's non-null values, which rows were null, and (when asked) the rows themselves. */
  private record Partition(Object values, boolean[] nullRows) {}

  private static Partition read(Iterator<Row> rows, int ordinal, DType type, List<Row> keep) {
    List<Number> values = new ArrayList<>();
    List<Boolean> nulls = new ArrayList<>();
    while (rows.hasNext()) {
      Row row = rows.next();
      if (keep != null) {
        keep.add(row);
      }
      boolean isNull = row.isNullAt(ordinal);
      nulls.add(isNull);
      if (!isNull) {
        values.add((Number) row.get(ordinal));
      }
    }
    boolean[] nullRows = new boolean[nulls.size()];
    for (int i = 0; i < nullRows.length; i++) {
      nullRows[i] = nulls.get(i);
    }
    return new Partition(toArray(values, type), nullRows);
  }

  private static Object toArray(List<Number> values, DType type) {
    int n = values.size();
    switch (type) {
      case LONG -> {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
          a[i] = values.get(i).longValue();
        }
        return a;
      }
      case FLOAT -> {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
          a[i] = values.get(i).floatValue();
        }
        return a;
      }
      case DOUBLE -> {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
          a[i] = values.get(i).doubleValue();
        }
        return a;
      }
      default -> throw new IllegalArgumentException("no prefix sums of " + type.id());
    }
  }

  private static List<Row> withColumn(List<Row> rows, boolean[] nullRows, Object sums) {
    List<Row> out = new ArrayList<>(rows.size());
    int j = 0;
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      Object[] fields = new Object[row.length() + 1];
      for (int f = 0; f < row.length(); f++) {
        fields[f] = row.get(f);
      }
      fields[row.length()] = nullRows[i] ? null : java.lang.reflect.Array.get(sums, j++);
      out.add(RowFactory.create(fields));
    }
    return out;
  }

  /** A partition's total: the fast sum, or (reproducible) its exact fold state and extrema. */
  private record Totals(Number fast, FoldState exact, ExtremaPartial extrema)
      implements Serializable {
    static Totals of(Prims prims, DType type, Object values, boolean reproducible) {
      int n = java.lang.reflect.Array.getLength(values);
      Prims fast = prims.determinism(Determinism.FAST);
      if (reproducible && type.isFloating()) {
        FoldSums sums =
            type == DType.FLOAT
                ? prims.foldSums((float[]) values)
                : prims.foldSums((double[]) values);
        ExtremaPartial extrema =
            n == 0
                ? ExtremaPartial.empty(type)
                : new ExtremaPartial(
                    type,
                    PrimsSpark.reduce(fast, values, ReduceOp.MIN),
                    PrimsSpark.reduce(fast, values, ReduceOp.MAX),
                    n,
                    0);
        double special =
            sums.isNonFinite() ? PrimsSpark.reduce(fast, values, ReduceOp.SUM).doubleValue() : 0;
        return new Totals(null, FoldState.of(type, sums, special), extrema);
      }
      Number sum =
          n == 0 ? ReduceOp.SUM.identity(type) : PrimsSpark.reduce(fast, values, ReduceOp.SUM);
      return new Totals(sum, null, null);
    }
  }

  /** Each partition's carry, and the scan of a partition with it. */
  private record Carries(DType type, Number[] fastCarry, long[][] exactCarry, int topGrid)
      implements Serializable {
    static Carries of(DType type, List<Tuple2<Integer, Totals>> totals, int partitions) {
      Totals[] byIndex = new Totals[partitions];
      totals.forEach(t -> byIndex[t._1()] = t._2());
      boolean reproducible = partitions > 0 && byIndex[0].exact() != null;
      if (reproducible) {
        ExtremaPartial all = ExtremaPartial.empty(type);
        for (Totals t : byIndex) {
          all = all.plus(t.extrema());
        }
        double maxAbs = all.maxAbs();
        if (Double.isFinite(maxAbs)) {
          return exactCarries(type, byIndex, maxAbs == 0 ? 1.0 : maxAbs);
        }
      }
      Number[] carry = new Number[partitions];
      double floating = 0;
      long integer = 0;
      for (int p = 0; p < partitions; p++) {
        carry[p] = type.isFloating() ? (Number) floating : (Number) integer;
        Number total =
            byIndex[p].fast() != null ? byIndex[p].fast() : (Number) byIndex[p].exact().finish();
        floating += total.doubleValue();
        integer += total.longValue();
      }
      return new Carries(type, carry, null, 0);
    }

    private static Carries exactCarries(DType type, Totals[] byIndex, double maxAbs) {
      int top = FoldPlan.forMaxAbs(type, maxAbs).topGrid();
      FoldSums running = FoldSums.of(type, top, new long[FoldPlan.foldsFor(type)]);
      long[][] carry = new long[byIndex.length][];
      for (int p = 0; p < byIndex.length; p++) {
        carry[p] = running.sums();
        running = running.plus(byIndex[p].exact().sums());
      }
      return new Carries(type, null, carry, top);
    }

    /** The inclusive running sums of partition {@code index}'s values, carry included. */
    Object scan(Prims prims, int index, Object values) {
      int n = java.lang.reflect.Array.getLength(values);
      if (exactCarry != null) {
        return foldScan(index, values, n);
      }
      if (n == 0) {
        return values;
      }
      Prims fast = prims.determinism(Determinism.FAST);
      Number carry = fastCarry[index];
      switch (type) {
        case LONG -> {
          long[] s = fast.scan((long[]) values, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
          for (int i = 0; i < n; i++) {
            s[i] += carry.longValue();
          }
          return s;
        }
        case FLOAT -> {
          float[] s = fast.scan((float[]) values, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
          for (int i = 0; i < n; i++) {
            s[i] = (float) (carry.doubleValue() + s[i]);
          }
          return s;
        }
        default -> {
          double[] s = fast.scan((double[]) values, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
          for (int i = 0; i < n; i++) {
            s[i] += carry.doubleValue();
          }
          return s;
        }
      }
    }

    private Object foldScan(int index, Object values, int n) {
      FoldPlan plan = FoldPlan.forTopGrid(type, topGrid);
      long[] sums = exactCarry[index].clone();
      if (type == DType.FLOAT) {
        float[] in = (float[]) values;
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
          plan.accumulate(in[i], sums);
          out[i] = (float) plan.combine(sums);
        }
        return out;
      }
      double[] in = (double[]) values;
      double[] out = new double[n];
      for (int i = 0; i < n; i++) {
        plan.accumulate(in[i], sums);
        out[i] = plan.combine(sums);
      }
      return out;
    }
  }
}
