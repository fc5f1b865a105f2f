package dev.prims.spark;

import dev.prims.DType;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A partition's column (or pair of columns) as chunks of {@link #CHUNK} values, read from Spark's
 * internal rows or columnar batches into reused primitive arrays; each task calls prims once per
 * chunk, so the values are still in cache and no array grows.
 */
final class ColumnChunks implements Iterator<PartitionColumn> {
  /** Values per chunk: large enough that a prims call's fixed cost does not show. */
  static final int CHUNK = 1 << 20;

  private final Iterator<InternalRow> rows;
  private final Iterator<ColumnarBatch> batches;
  private final ColumnBuilder a;
  private final ColumnBuilder b;
  private ColumnarBatch batch;
  private int position;
  private boolean started;

  private ColumnChunks(
      Iterator<InternalRow> rows,
      Iterator<ColumnarBatch> batches,
      DType[] sources,
      DType target,
      int chunk) {
    this.rows = rows;
    this.batches = batches;
    this.a = new ColumnBuilder(sources[0], target, chunk);
    this.b = sources.length > 1 ? new ColumnBuilder(sources[1], target, chunk) : null;
  }

  /** Columns 0 (and 1 when {@code sources} has two types) of {@code rows}, as {@code target}. */
  static Iterator<PartitionColumn> ofRows(
      Iterator<InternalRow> rows, DType[] sources, DType target, int chunk) {
    return new ColumnChunks(rows, null, sources, target, chunk);
  }

  /** The same from columnar batches (cached tables, Parquet, ORC). */
  static Iterator<PartitionColumn> ofBatches(
      Iterator<ColumnarBatch> batches, DType[] sources, DType target, int chunk) {
    return new ColumnChunks(null, batches, sources, target, chunk);
  }

  @Override
  public boolean hasNext() {
    return !started || (rows != null ? rows.hasNext() : batch != null || batches.hasNext());
  }

  @Override
  public PartitionColumn next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    started = true;
    a.clear();
    if (b != null) {
      b.clear();
    }
    long nulls = rows != null ? fillFromRows() : fillFromBatches();
    return new PartitionColumn(a.values(), b == null ? null : b.values(), nulls);
  }

  private long fillFromRows() {
    long nulls = 0;
    while (a.room() > 0 && rows.hasNext()) {
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
    return nulls;
  }

  private long fillFromBatches() {
    long nulls = 0;
    while (a.room() > 0) {
      if (batch == null) {
        if (!batches.hasNext()) {
          break;
        }
        batch = batches.next();
        position = 0;
      }
      int count = Math.min(a.room(), batch.numRows() - position);
      ColumnVector x = batch.column(0);
      ColumnVector y = b == null ? null : batch.column(1);
      if (!x.hasNull() && (y == null || !y.hasNull())) {
        a.addAll(x, position, count);
        if (b != null) {
          b.addAll(y, position, count);
        }
      } else {
        for (int r = position; r < position + count; r++) {
          if (x.isNullAt(r) || y != null && y.isNullAt(r)) {
            nulls++;
          } else {
            a.add(x, r);
            if (b != null) {
              b.add(y, r);
            }
          }
        }
      }
      position += count;
      if (position == batch.numRows()) {
        batch = null;
      }
    }
    return nulls;
  }
}
