package dev.prims.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** Generated datasets for the tests: columns of every numeric type, some nulls, seeded. */
final class TestColumns {
  static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType, false)
          .add("i", DataTypes.IntegerType, true)
          .add("l", DataTypes.LongType, true)
          .add("f", DataTypes.FloatType, true)
          .add("d", DataTypes.DoubleType, true)
          .add("k", DataTypes.IntegerType, true);

  private TestColumns() {}

  /**
   * {@code n} rows: id 0..n-1; i, l small integers of both signs; f, d of magnitudes 2^-20 to 2^20
   * of both signs (so sums round differently in different orders); k keys in [-2, 40); each value
   * column null in about one row of {@code nullEvery}.
   */
  static Dataset<Row> mixed(int n, int nullEvery, long seed, int partitions) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Row> rows = new ArrayList<>(n);
    for (int r = 0; r < n; r++) {
      rows.add(
          RowFactory.create(
              (long) r,
              nullOr(random, nullEvery, random.nextInt(-1000, 1000)),
              nullOr(random, nullEvery, random.nextLong(-1_000_000_000L, 1_000_000_000L)),
              nullOr(random, nullEvery, (float) wide(random)),
              nullOr(random, nullEvery, wide(random)),
              nullOr(random, nullEvery, random.nextInt(-2, 40))));
    }
    return LocalSpark.session().createDataFrame(rows, SCHEMA).repartition(partitions);
  }

  /** A value of random sign and a magnitude spread over 2^-20 .. 2^20. */
  static double wide(SplittableRandom random) {
    double v = Math.scalb(1 + random.nextDouble(), random.nextInt(-20, 20));
    return random.nextBoolean() ? v : -v;
  }

  private static Object nullOr(SplittableRandom random, int nullEvery, Object value) {
    return random.nextInt(nullEvery) == 0 ? null : value;
  }
}
