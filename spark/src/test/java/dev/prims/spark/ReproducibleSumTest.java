package dev.prims.spark;

import static org.apache.spark.sql.functions.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.Determinism;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.spi.Availability;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The problem and its fix: Spark's own sum of the same doubles changes its last bits with the
 * partitioning and the row order, while PrimsSpark's reproducible sum (exact fold sums across the
 * wire) has the same bits for 1, 7 and 200 partitions, shuffled orders and every backend, equal to
 * prims' reproducible sum on one machine.
 */
class ReproducibleSumTest {
  private static final StructType SCHEMA = new StructType().add("x", DataTypes.DoubleType, true);
  private static final int N = 30_000;

  @AfterEach
  void defaults() {
    LocalSpark.session().conf().unset("spark.prims.determinism");
    LocalSpark.session().conf().unset("spark.prims.backend");
  }

  @Test
  void sameBitsForEveryPartitioningAndOrderWhereSparksSumChanges() {
    LocalSpark.session().conf().set("spark.prims.determinism", "reproducible");
    Map<String, double[]> dataSets = new LinkedHashMap<>();
    SplittableRandom random = new SplittableRandom(5);
    dataSets.put("wide magnitudes", random.doubles(N).map(u -> TestColumns.wide(random)).toArray());
    dataSets.put(
        "tenths near 1e6", random.doubles(N).map(u -> 1e6 + Math.floor(u * 10) / 10).toArray());
    boolean sparkChanged = false;
    try (Prims prims =
        Prims.create(PrimsConfig.builder().determinism(Determinism.REPRODUCIBLE).build())) {
      for (Map.Entry<String, double[]> e : dataSets.entrySet()) {
        double[] values = e.getValue();
        long expected = Double.doubleToRawLongBits(prims.reduce(values, ReduceOp.SUM).asDouble());
        Set<Long> sparkBits = new LinkedHashSet<>();
        for (Layout layout : layouts()) {
          Dataset<Row> ds = dataset(values, layout);
          ColumnResult ours = PrimsSpark.sum(ds, "x");
          assertEquals(
              expected,
              Double.doubleToRawLongBits(ours.asDouble()),
              e.getKey() + ", " + layout + ": " + ours);
          assertEquals(N, ours.count());
          sparkBits.add(Double.doubleToRawLongBits(ds.agg(sum("x")).first().getDouble(0)));
        }
        sparkChanged |= sparkBits.size() > 1;
      }
    }
    assertTrue(
        sparkChanged, "Spark's own sum kept its bits on every data set: the test proves nothing");
  }

  @Test
  void sameBitsOnEveryBackendWithNullsAndFloats() {
    LocalSpark.session().conf().set("spark.prims.determinism", "reproducible");
    Dataset<Row> data = TestColumns.mixed(8_000, 13, 3, 7).cache();
    Map<String, Number> sums = new LinkedHashMap<>();
    Map<String, Number> floatSums = new LinkedHashMap<>();
    for (String backend : List.of("cpu", "opencl", "cuda")) {
      Availability availability;
      try (Prims probe = Prims.create()) {
        availability = probe.backends().get(backend);
      }
      if (!availability.available()) {
        assertTrue(availability.hardwareAbsent(), backend + " is broken: " + availability.reason());
        System.out.println("not compared on " + backend + ", absent: " + availability.reason());
        continue;
      }
      LocalSpark.session().conf().set("spark.prims.backend", backend);
      sums.put(backend, PrimsSpark.sum(data, "d").value());
      floatSums.put(backend, PrimsSpark.sum(data.repartition(3), "f").value());
    }
    assertTrue(sums.containsKey("cpu"), "compared on " + sums.keySet());
    assertEquals(1, Set.copyOf(sums.values()).size(), sums.toString());
    assertEquals(1, Set.copyOf(floatSums.values()).size(), floatSums.toString());
    data.unpersist();
  }

  @Test
  void nonFiniteValuesGiveTheirIeeeSumForAnyPartitioning() {
    LocalSpark.session().conf().set("spark.prims.determinism", "reproducible");
    double[] values = new SplittableRandom(9).doubles(2_000, -1, 1).toArray();
    values[100] = Double.POSITIVE_INFINITY;
    double[] both = values.clone();
    both[1_900] = Double.NEGATIVE_INFINITY;
    double[] nan = values.clone();
    nan[1_000] = Double.NaN;
    for (int partitions : new int[] {1, 7}) {
      Layout layout = new Layout(partitions, 0);
      assertEquals(
          Double.POSITIVE_INFINITY, PrimsSpark.sum(dataset(values, layout), "x").asDouble());
      assertTrue(Double.isNaN(PrimsSpark.sum(dataset(both, layout), "x").asDouble()));
      assertTrue(Double.isNaN(PrimsSpark.sum(dataset(nan, layout), "x").asDouble()));
    }
  }

  /** A partition count and a row order. */
  private record Layout(int partitions, long shuffleSeed) {
    @Override
    public String toString() {
      return partitions
          + " partitions"
          + (shuffleSeed == 0 ? "" : ", rows shuffled " + shuffleSeed);
    }
  }

  private static List<Layout> layouts() {
    return List.of(
        new Layout(1, 0), new Layout(7, 0), new Layout(200, 0), new Layout(7, 1), new Layout(1, 2));
  }

  /** {@code values} in {@code layout}: contiguous slices, no shuffle. */
  private static Dataset<Row> dataset(double[] values, Layout layout) {
    List<Row> rows = new ArrayList<>(values.length);
    for (double v : values) {
      rows.add(RowFactory.create(v));
    }
    if (layout.shuffleSeed() != 0) {
      Collections.shuffle(rows, new Random(layout.shuffleSeed()));
    }
    JavaSparkContext context =
        JavaSparkContext.fromSparkContext(LocalSpark.session().sparkContext());
    return LocalSpark.session()
        .createDataFrame(context.parallelize(rows, layout.partitions()), SCHEMA);
  }
}
