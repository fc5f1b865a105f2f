package dev.prims.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.Determinism;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Prefix sums against running sums over the sorted column computed on the driver. */
class PrefixSumTest {
  private static final Dataset<Row> data = TestColumns.mixed(6_000, 9, 31, 4).cache();

  @AfterEach
  void fastMode() {
    LocalSpark.session().conf().unset("spark.prims.determinism");
  }

  @Test
  void longRunningSumsAreExactAndNullsStayNull() {
    List<Row> rows = PrimsSpark.prefixSum(data, "l", "id").collectAsList();
    assertEquals(6_000, rows.size());
    int column = rows.get(0).fieldIndex("l_prefix_sum");
    long running = 0;
    for (int r = 0; r < rows.size(); r++) {
      Row row = rows.get(r);
      assertEquals(r, row.getLong(row.fieldIndex("id")), "sorted by id");
      if (row.isNullAt(row.fieldIndex("l"))) {
        assertNull(row.get(column));
      } else {
        running += row.getLong(row.fieldIndex("l"));
        assertEquals(running, row.getLong(column), "row " + r);
      }
    }
  }

  @Test
  void doubleRunningSumsAreCloseInFastModeAndPrimsBitsInReproducibleMode() {
    List<Row> rows = PrimsSpark.prefixSum(data, "d", "id").collectAsList();
    List<Double> values = new ArrayList<>();
    double sumAbs = 0;
    double running = 0;
    for (Row row : rows) {
      if (!row.isNullAt(row.fieldIndex("d"))) {
        double v = row.getDouble(row.fieldIndex("d"));
        values.add(v);
        running += v;
        sumAbs += Math.abs(v);
        double ours = row.getDouble(row.fieldIndex("d_prefix_sum"));
        assertTrue(
            Math.abs(ours - running) <= 2 * values.size() * 0x1p-53 * sumAbs,
            ours + " vs " + running);
      }
    }
    double[] input = values.stream().mapToDouble(Double::doubleValue).toArray();
    LocalSpark.session().conf().set("spark.prims.determinism", "reproducible");
    try (Prims prims =
        Prims.create(PrimsConfig.builder().determinism(Determinism.REPRODUCIBLE).build())) {
      double[] expected = prims.scan(input, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
      for (int partitions : new int[] {1, 5}) {
        List<Row> scanned =
            PrimsSpark.prefixSum(data.repartition(partitions), "d", "id").collectAsList();
        int j = 0;
        for (Row row : scanned) {
          if (!row.isNullAt(row.fieldIndex("d"))) {
            assertEquals(
                Double.doubleToRawLongBits(expected[j]),
                Double.doubleToRawLongBits(row.getDouble(row.fieldIndex("d_prefix_sum"))),
                partitions + " partitions, value " + j);
            j++;
          }
        }
        assertEquals(input.length, j);
      }
    }
  }

  @Test
  void anExistingOutputColumnOrMissingOrderIsRejected() {
    Dataset<Row> withOutput = data.withColumn("d_prefix_sum", data.col("d"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> PrimsSpark.prefixSum(withOutput, "d", "id"))
            .getMessage()
            .contains("d_prefix_sum"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> PrimsSpark.prefixSum(data, "d", "when"))
            .getMessage()
            .contains("'when'"));
  }
}
