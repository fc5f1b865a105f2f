package dev.prims.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.least;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** Histograms against a Spark SQL groupBy/count of the same bin formula ({@link EvenBins}). */
class HistogramTest {
  private static final Dataset<Row> data = TestColumns.mixed(12_000, 11, 21, 6).cache();

  @Test
  void evenBinsOfDoublesAndFloatsAreSparksGroupByOfTheBinFormula() {
    HistogramSpec spec = HistogramSpec.even(37, -3000, 250_000);
    EvenBins bins = EvenBins.of(spec, DType.DOUBLE);
    Column d = col("d");
    Column doubleBin =
        when(
            d.geq(lit(bins.lo())).and(d.lt(lit(bins.hi()))),
            least(d.minus(lit(bins.lo())).multiply(lit(bins.scale())).cast("int"), lit(36)));
    check(PrimsSpark.histogram(data, "d", spec), "d", doubleBin, 37);

    EvenBins floatBins = EvenBins.of(spec, DType.FLOAT);
    Column f = col("f");
    Column floatBin =
        when(
            f.geq(lit(floatBins.loF())).and(f.lt(lit(floatBins.hiF()))),
            least(
                f.minus(lit(floatBins.loF())).multiply(lit(floatBins.scaleF())).cast("int"),
                lit(36)));
    check(PrimsSpark.histogram(data, "f", spec), "f", floatBin, 37);
  }

  @Test
  void integerKeysAreSparksGroupByOfKeysInRange() {
    Column k = col("k");
    check(PrimsSpark.histogram(data, "k", 32), "k", when(k.geq(lit(0)).and(k.lt(lit(32))), k), 32);
  }

  private static void check(ColumnHistogram ours, String column, Column bin, int bins) {
    long[] expected = new long[bins];
    long outOfRange = 0;
    Dataset<Row> values = data.where(col(column).isNotNull());
    for (Row r : values.groupBy(bin.as("bin")).count().collectAsList()) {
      if (r.isNullAt(0)) {
        outOfRange = r.getLong(1);
      } else {
        expected[r.getInt(0)] = r.getLong(1);
      }
    }
    assertArrayEquals(expected, ours.counts(), column);
    assertEquals(outOfRange, ours.outOfRange(), column);
    assertEquals(data.count() - values.count(), ours.nulls(), column);
  }
}
