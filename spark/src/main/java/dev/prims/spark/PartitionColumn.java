package dev.prims.spark;

import dev.prims.DType;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * One partition of one or two numeric columns as primitive arrays: the rows where no column is
 * null, and how many rows were skipped for a null. {@code second} is null for one column.
 */
record PartitionColumn(Object values, Object second, long nulls) {
  /**
   * Columns 0 (and 1 when {@code sources} has two types) of {@code rows}, read as {@code target}.
   */
  static PartitionColumn fromRows(Iterator<InternalRow> rows, DType[] sources, DType target) {
    ColumnBuilder a = new ColumnBuilder(sources[0], target);
    ColumnBuilder b = sources.length > 1 ? new ColumnBuilder(sources[1], target) : null;
    long nulls = 0;
    while (rows.hasNext()) {
      InternalRow row = rows.next();
      if (row.isNullAt(0) || b != null && row.isNullAt(1)) {
        nulls++;
      } else {
        a.add(row, 0);
        if (b != null) {
          b.add(row, 1);
        }
      }
    }
    return new PartitionColumn(a.values(), b == null ? null : b.values(), nulls);
  }

  /** The same from columnar batches (cached tables, Parquet), copied a vector at a time. */
  static PartitionColumn fromBatches(
      Iterator<ColumnarBatch> batches, DType[] sources, DType target) {
    ColumnBuilder a = new ColumnBuilder(sources[0], target);
    ColumnBuilder b = sources.length > 1 ? new ColumnBuilder(sources[1], target) : null;
    long nulls = 0;
    while (batches.hasNext()) {
      ColumnarBatch batch = batches.next();
      int rows = batch.numRows();
      if (b == null) {
        nulls += a.addAll(batch.column(0), rows);
        continue;
      }
      ColumnVector x = batch.column(0);
      ColumnVector y = batch.column(1);
      if (!x.hasNull() && !y.hasNull()) {
        a.addAll(x, rows);
        b.addAll(y, rows);
        continue;
      }
      for (int r = 0; r < rows; r++) {
        if (x.isNullAt(r) || y.isNullAt(r)) {
          nulls++;
        } else {
          a.add(x, r);
          b.add(y, r);
        }
      }
    }
    return new PartitionColumn(a.values(), b == null ? null : b.values(), nulls);
  }

  /** Number of non-null values (rows for a pair). */
  int length() {
    return java.lang.reflect.Array.getLength(values);
  }
}
