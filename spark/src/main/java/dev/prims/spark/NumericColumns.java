package dev.prims.spark;

import dev.prims.DType;
import java.util.Arrays;
import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.execution.ColumnarToRowExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.WholeStageCodegenExec;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** Checks numeric columns on the driver and selects them as rows for the tasks. */
final class NumericColumns {
  private NumericColumns() {}

  /**
   * The prims type of {@code column}.
   *
   * @throws IllegalArgumentException naming the column when it is missing or not int, long, float
   *     or double
   */
  static DType typeOf(Dataset<?> dataset, String column) {
    if (dataset == null) {
      throw new IllegalArgumentException("dataset must not be null");
    }
    StructType schema = dataset.schema();
    if (column == null || !Arrays.asList(schema.fieldNames()).contains(column)) {
      throw new IllegalArgumentException(
          "no column '" + column + "' in " + Arrays.toString(schema.fieldNames()));
    }
    DataType type = schema.apply(column).dataType();
    if (type.equals(DataTypes.IntegerType)) {
      return DType.INT;
    }
    if (type.equals(DataTypes.LongType)) {
      return DType.LONG;
    }
    if (type.equals(DataTypes.FloatType)) {
      return DType.FLOAT;
    }
    if (type.equals(DataTypes.DoubleType)) {
      return DType.DOUBLE;
    }
    throw new IllegalArgumentException(
        "column '"
            + column
            + "' is "
            + type.simpleString()
            + "; prims needs an int, long, float or double column");
  }

  /** The Spark type of a prims type. */
  static DataType sparkType(DType type) {
    return switch (type) {
      case INT -> DataTypes.IntegerType;
      case LONG -> DataTypes.LongType;
      case FLOAT -> DataTypes.FloatType;
      case DOUBLE -> DataTypes.DoubleType;
    };
  }

  /** Sums and dots of int columns are long, as Spark's are; the other types keep their own. */
  static DType sumType(DType type) {
    return type == DType.INT ? DType.LONG : type;
  }

  /** The type two columns are read as for a dot: their common type, long for mixed integers. */
  static DType commonType(DType a, DType b) {
    if (!a.isFloating() && !b.isFloating()) {
      return DType.LONG;
    }
    return a == DType.FLOAT && b == DType.FLOAT ? DType.FLOAT : DType.DOUBLE;
  }

  /**
   * Chunks ({@link ColumnChunks}) of every partition of {@code columns} (one, or two for a dot)
   * read as {@code target}: from Spark's columnar batches where the selected plan produces them
   * (cached tables, Parquet and ORC scans), else from its internal rows, never converted to {@code
   * Row}.
   */
  static JavaRDD<PartitionColumn> read(Dataset<?> dataset, DType target, String... columns) {
    return read(dataset, target, ColumnChunks.CHUNK, columns);
  }

  /** {@link #read(Dataset, DType, String...)} in chunks of {@code chunk} values. */
  static JavaRDD<PartitionColumn> read(
      Dataset<?> dataset, DType target, int chunk, String... columns) {
    DType[] sources = new DType[columns.length];
    Column[] selected = new Column[columns.length];
    for (int i = 0; i < columns.length; i++) {
      sources[i] = typeOf(dataset, columns[i]);
      selected[i] = functions.col("`" + columns[i].replace("`", "``") + "`");
    }
    Optional<SparkPlan> columnar = columnarSource(dataset.select(selected));
    if (columnar.isPresent()) {
      return columnar
          .get()
          .executeColumnar()
          .toJavaRDD()
          .mapPartitions(batches -> ColumnChunks.ofBatches(batches, sources, target, chunk));
    }
    return dataset
        .select(selected)
        .queryExecution()
        .toRdd()
        .toJavaRDD()
        .mapPartitions(rows -> ColumnChunks.ofRows(rows, sources, target, chunk));
  }

  /**
   * The plan whose columnar batches hold exactly {@code selected}'s columns in order: its executed
   * plan (under adaptive execution, its input plan) when that is a columnar scan, possibly behind
   * the codegen-wrapped conversion of batches to rows.
   */
  static Optional<SparkPlan> columnarSource(Dataset<?> selected) {
    SparkPlan plan = selected.queryExecution().executedPlan();
    if (plan instanceof AdaptiveSparkPlanExec adaptive) {
      plan = adaptive.inputPlan();
    }
    if (plan instanceof WholeStageCodegenExec codegen) {
      plan = codegen.child();
    }
    if (plan instanceof ColumnarToRowExec toRows) {
      plan = toRows.child();
    }
    boolean sameColumns = plan.output().size() == selected.schema().size();
    return plan.supportsColumnar() && sameColumns ? Optional.of(plan) : Optional.empty();
  }
}
