package dev.prims.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import java.math.BigDecimal;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every reduction against Spark's own answer on the same dataset, on a real local[2] Spark. */
class PrimsSparkTest {
  private static final int N = 10_000;
  private static final Dataset<Row> data = TestColumns.mixed(N, 17, 11, 5).cache();

  @AfterEach
  void fastMode() {
    LocalSpark.session().conf().unset("spark.prims.determinism");
  }

  @Test
  void integerSumsAreExactlySparks() {
    for (String c : List.of("i", "l", "k")) {
      ColumnResult sum = PrimsSpark.sum(data, c);
      Row spark = data.agg(expr("sum(" + c + ")"), expr("count(" + c + ")")).first();
      assertEquals(DType.LONG, sum.type(), c);
      assertEquals(spark.getLong(0), sum.asLong(), c);
      assertEquals(spark.getLong(1), sum.count(), c);
      assertEquals(N - spark.getLong(1), sum.nulls(), c);
    }
  }

  @Test
  void floatingSumsAreWithinTheirBoundOfTheExactSum() {
    for (String c : List.of("f", "d")) {
      ColumnResult sum = PrimsSpark.sum(data, c);
      List<Double> values = nonNull(c);
      BigDecimal exact = BigDecimal.ZERO;
      double sumAbs = 0;
      for (double v : values) {
        exact = exact.add(new BigDecimal(v));
        sumAbs += Math.abs(v);
      }
      double unit = c.equals("f") ? 0x1p-24 : 0x1p-53;
      double error = exact.subtract(new BigDecimal(sum.asDouble())).abs().doubleValue();
      assertTrue(error <= values.size() * unit * sumAbs, c + ": error " + error);
      assertEquals(c.equals("f") ? DType.FLOAT : DType.DOUBLE, sum.type());
      assertEquals(values.size(), sum.count());
      assertEquals(N - values.size(), sum.nulls());
    }
  }

  @Test
  void reproducibleSumsHaveTheBitsOfPrimsOnOneMachine() {
    LocalSpark.session().conf().set("spark.prims.determinism", "reproducible");
    try (Prims prims =
        Prims.create(PrimsConfig.builder().determinism(Determinism.REPRODUCIBLE).build())) {
      List<Double> d = nonNull("d");
      double[] doubles = d.stream().mapToDouble(Double::doubleValue).toArray();
      assertEquals(
          Double.doubleToRawLongBits(prims.reduce(doubles, ReduceOp.SUM).asDouble()),
          Double.doubleToRawLongBits(PrimsSpark.sum(data, "d").asDouble()));
      List<Double> f = nonNull("f");
      float[] floats = new float[f.size()];
      for (int i = 0; i < floats.length; i++) {
        floats[i] = f.get(i).floatValue();
      }
      assertEquals(
          Float.floatToRawIntBits(prims.reduce(floats, ReduceOp.SUM).asFloat()),
          Float.floatToRawIntBits(PrimsSpark.sum(data, "f").value().floatValue()));
    }
  }

  @Test
  void minAndMaxAreSparks() {
    for (String c : List.of("i", "l", "f", "d")) {
      Row spark = data.agg(expr("min(" + c + ")"), expr("max(" + c + ")")).first();
      assertEquals(((Number) spark.get(0)), PrimsSpark.min(data, c).value(), c);
      assertEquals(((Number) spark.get(1)), PrimsSpark.max(data, c).value(), c);
    }
  }

  @Test
  void integerDotIsSparksSumOfProducts() {
    ColumnResult dot = PrimsSpark.dot(data, "i", "l");
    Row spark =
        data.where(col("i").isNotNull().and(col("l").isNotNull()))
            .agg(expr("sum(cast(i as long) * l)"), expr("count(*)"))
            .first();
    assertEquals(spark.getLong(0), dot.asLong());
    assertEquals(spark.getLong(1), dot.count());
    assertEquals(N - spark.getLong(1), dot.nulls());
  }

  @Test
  void floatingDotIsWithinItsBoundAndReproducibleDotIsPrimsOnOneMachine() {
    List<Row> rows = data.where("d is not null and f is not null").select("d", "f").collectAsList();
    double[] a = new double[rows.size()];
    double[] b = new double[rows.size()];
    BigDecimal exact = BigDecimal.ZERO;
    double sumAbs = 0;
    for (int r = 0; r < a.length; r++) {
      a[r] = rows.get(r).getDouble(0);
      b[r] = rows.get(r).getFloat(1);
      exact = exact.add(new BigDecimal(a[r]).multiply(new BigDecimal(b[r])));
      sumAbs += Math.abs(a[r] * b[r]);
    }
    ColumnResult fast = PrimsSpark.dot(data, "d", "f");
    double error = exact.subtract(new BigDecimal(fast.asDouble())).abs().doubleValue();
    assertTrue(error <= (a.length + 1) * 0x1p-53 * sumAbs, "error " + error);
    assertEquals(a.length, fast.count());

    LocalSpark.session().conf().set("spark.prims.determinism", "reproducible");
    try (Prims prims =
        Prims.create(PrimsConfig.builder().determinism(Determinism.REPRODUCIBLE).build())) {
      double expected = prims.dot(a, b).asDouble();
      for (int partitions : new int[] {1, 7}) {
        assertEquals(
            Double.doubleToRawLongBits(expected),
            Double.doubleToRawLongBits(
                PrimsSpark.dot(data.repartition(partitions), "d", "f").asDouble()),
            partitions + " partitions");
      }
    }
  }

  @Test
  void anAllNullColumnHasNoMinAndSumsToZero() {
    Dataset<Row> nulls = data.where("i is null");
    long n = nulls.count();
    assertTrue(n > 0);
    ColumnResult min = PrimsSpark.min(nulls, "i");
    assertNull(min.value());
    assertEquals(n, min.nulls());
    ColumnResult sum = PrimsSpark.sum(nulls, "i");
    assertEquals(0L, sum.asLong());
    assertEquals(0, sum.count());
    assertEquals(n, sum.nulls());
  }

  private static List<Double> nonNull(String column) {
    return data
        .where(col(column).isNotNull())
        .select(col(column).cast("double"))
        .collectAsList()
        .stream()
        .map(r -> r.getDouble(0))
        .toList();
  }
}
