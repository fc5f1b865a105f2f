package dev.prims.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void sumsLongs() {
    Dataset<Row> ds = LocalSpark.session().range(0, 1000).toDF("x").repartition(3);
    assertEquals(499500L, PrimsSpark.sum(ds, "x").asLong());
  }
}
