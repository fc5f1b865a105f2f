package dev.prims.spark;

import dev.prims.DType;
import java.util.Arrays;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.catalyst.InternalRow;
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

  /** The internal rows of {@code columns} only, without conversion to external rows. */
  static JavaRDD<InternalRow> rows(Dataset<?> dataset, String... columns) {
    Column[] selected = new Column[columns.length];
    for (int i = 0; i < columns.length; i++) {
      selected[i] = functions.col("`" + columns[i].replace("`", "``") + "`");
    }
    return dataset.select(selected).queryExecution().toRdd().toJavaRDD();
  }
}
