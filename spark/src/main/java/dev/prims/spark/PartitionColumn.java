package dev.prims.spark;

import dev.prims.DType;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * One partition of one or two numeric columns as primitive arrays: the rows where no column is
 * null, and how many rows were skipped for a null.
 */
record PartitionColumn(Object values, Object second, long nulls) {
  /** Column 0 of {@code rows}, read as {@code target}. */
  static PartitionColumn read(Iterator<InternalRow> rows, DType source, DType target) {
    ColumnBuilder builder = new ColumnBuilder(source, target);
    long nulls = 0;
    while (rows.hasNext()) {
      InternalRow row = rows.next();
      if (row.isNullAt(0)) {
        nulls++;
      } else {
        builder.add(row, 0);
      }
    }
    return new PartitionColumn(builder.values(), null, nulls);
  }

  /** Columns 0 and 1 of {@code rows}, both read as {@code target}; a null in either skips a row. */
  static PartitionColumn readPair(
      Iterator<InternalRow> rows, DType sourceA, DType sourceB, DType target) {
    ColumnBuilder a = new ColumnBuilder(sourceA, target);
    ColumnBuilder b = new ColumnBuilder(sourceB, target);
    long nulls = 0;
    while (rows.hasNext()) {
      InternalRow row = rows.next();
      if (row.isNullAt(0) || row.isNullAt(1)) {
        nulls++;
      } else {
        a.add(row, 0);
        b.add(row, 1);
      }
    }
    return new PartitionColumn(a.values(), b.values(), nulls);
  }

  /** Number of non-null values (rows for a pair). */
  int length() {
    return java.lang.reflect.Array.getLength(values);
  }
}
