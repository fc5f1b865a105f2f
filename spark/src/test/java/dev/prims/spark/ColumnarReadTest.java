package dev.prims.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * Cached tables are read from Spark's columnar batches, other plans from rows, and both give the
 * same values and null counts in chunks of any size.
 */
class ColumnarReadTest {
  @Test
  void cachedColumnsComeFromBatchesWithTheSameValuesAsRows() {
    Dataset<Row> rows = TestColumns.mixed(3_000, 7, 41, 4);
    LocalSpark.session().conf().set("spark.sql.inMemoryColumnarStorage.batchSize", "256");
    Dataset<Row> cached = TestColumns.mixed(3_000, 7, 41, 3).cache();
    cached.count();
    LocalSpark.session().conf().unset("spark.sql.inMemoryColumnarStorage.batchSize");
    assertTrue(
        NumericColumns.columnarSource(cached.select("d", "f")).isPresent(),
        cached.select("d", "f").queryExecution().executedPlan().toString());
    assertFalse(NumericColumns.columnarSource(rows.select("d")).isPresent());
    for (String[] columns : new String[][] {{"d"}, {"i"}, {"f", "d"}}) {
      DType target = columns.length == 1 ? NumericColumns.typeOf(cached, columns[0]) : DType.DOUBLE;
      double[] expected = values(NumericColumns.read(rows, target, columns));
      long expectedNulls = nulls(NumericColumns.read(rows, target, columns));
      // chunks inside batches, chunks across batches of 256 rows, one chunk per partition
      for (int chunk : new int[] {100, 700, ColumnChunks.CHUNK}) {
        String what = String.join(",", columns) + ", chunks of " + chunk;
        assertArrayEquals(
            expected, values(NumericColumns.read(cached, target, chunk, columns)), what);
        assertArrayEquals(
            expected, values(NumericColumns.read(rows, target, chunk, columns)), what);
        assertEquals(
            expectedNulls, nulls(NumericColumns.read(cached, target, chunk, columns)), what);
        assertEquals(expectedNulls, nulls(NumericColumns.read(rows, target, chunk, columns)), what);
      }
    }
    cached.unpersist();
  }

  /** Every value of the first column as a double, sorted (partitionings may differ). */
  private static double[] values(JavaRDD<PartitionColumn> parts) {
    List<double[]> all =
        parts
            .map(
                p ->
                    p.values() instanceof int[] ints
                        ? Arrays.stream(ints).asDoubleStream().toArray()
                        : ((double[]) p.values()).clone())
            .collect();
    double[] joined = all.stream().flatMapToDouble(Arrays::stream).toArray();
    Arrays.sort(joined);
    return joined;
  }

  private static long nulls(JavaRDD<PartitionColumn> parts) {
    return parts.map(PartitionColumn::nulls).collect().stream().mapToLong(Long::longValue).sum();
  }
}
