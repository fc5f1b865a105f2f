package dev.prims.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.least;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.rand;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.prims.DType;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.spark.api.java.JavaDoubleRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Compares PrimsSpark with Spark's own aggregates on the same generated doubles in one run: Spark's
 * {@code sum}, {@code DoubleRDDFunctions.histogram} and a SQL {@code groupBy} histogram against
 * PrimsSpark's sum (fast and reproducible) and histogram; best of several runs each, and the bits
 * of every sum, also after repartitioning.
 *
 * <p>Arguments: {@code [values] [partitions] [runs] [master] [backend]}, default {@code 10000000 8
 * 5 local[2] cpu}. See the README ("Spark") for the command.
 */
public final class SparkBench {
  private static final int BINS = 256;

  private SparkBench() {}

  public static void main(String[] args) {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
    int partitions = args.length > 1 ? Integer.parseInt(args[1]) : 8;
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    String master = args.length > 3 ? args[3] : "local[2]";
    String backend = args.length > 4 ? args[4] : "cpu";
    SparkSession spark =
        SparkSession.builder()
            .master(master)
            .appName("prims-spark-bench")
            .config("spark.ui.enabled", "false")
            .config("spark.prims.backend", backend)
            .getOrCreate();
    try {
      run(spark, n, partitions, runs, master, backend);
    } finally {
      spark.stop();
    }
  }

  private static void run(
      SparkSession spark, long n, int partitions, int runs, String master, String backend) {
    Dataset<Row> data =
        spark.range(0, n, 1, partitions).select(rand(7).multiply(2).minus(1).as("x")).cache();
    System.out.printf(
        Locale.ROOT,
        "%,d doubles in %d partitions, Spark %s, master %s, prims backend %s, Java %s, %d cores;"
            + " best of %d runs%n",
        data.count(),
        partitions,
        spark.version(),
        master,
        backend,
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        runs);

    Dataset<Row> other = data.repartition(partitions * 3 + 1).cache();
    other.count();
    double sparkSum = time("Spark sum(x)", runs, () -> data.agg(sum("x")).first().getDouble(0));
    double sparkSumOther = other.agg(sum("x")).first().getDouble(0);
    spark.conf().set("spark.prims.determinism", "fast");
    double fast = time("PrimsSpark.sum fast", runs, () -> PrimsSpark.sum(data, "x").asDouble());
    spark.conf().set("spark.prims.determinism", "reproducible");
    double exact =
        time("PrimsSpark.sum reproducible", runs, () -> PrimsSpark.sum(data, "x").asDouble());
    double exactOther = PrimsSpark.sum(other, "x").asDouble();
    spark.conf().set("spark.prims.determinism", "fast");
    System.out.printf(
        Locale.ROOT,
        "bits: Spark sum %s (%d partitions) %s (%d partitions)%n"
            + "      PrimsSpark reproducible %s (%d partitions) %s (%d partitions); fast %s%n",
        bits(sparkSum),
        partitions,
        bits(sparkSumOther),
        other.rdd().getNumPartitions(),
        bits(exact),
        partitions,
        bits(exactOther),
        other.rdd().getNumPartitions(),
        bits(fast));

    HistogramSpec spec = HistogramSpec.even(BINS, -1, 1);
    Double[] buckets = new Double[BINS + 1];
    for (int b = 0; b <= BINS; b++) {
      buckets[b] = -1 + 2.0 * b / BINS;
    }
    JavaDoubleRDD doubles = data.as(Encoders.DOUBLE()).javaRDD().mapToDouble(Double::doubleValue);
    time("Spark DoubleRDDFunctions.histogram", runs, () -> doubles.histogram(buckets, true)[0]);
    EvenBins bins = EvenBins.of(spec, DType.DOUBLE);
    Column x = col("x");
    Column bin =
        when(
            x.geq(lit(bins.lo())).and(x.lt(lit(bins.hi()))),
            least(x.minus(lit(bins.lo())).multiply(lit(bins.scale())).cast("int"), lit(BINS - 1)));
    time(
        "Spark SQL groupBy histogram",
        runs,
        () -> (long) data.groupBy(bin.as("bin")).count().collectAsList().size());
    time("PrimsSpark.histogram", runs, () -> PrimsSpark.histogram(data, "x", spec).count());
    data.unpersist();
    other.unpersist();
  }

  private static <T> T time(String what, int runs, Supplier<T> work) {
    T result = null;
    long best = Long.MAX_VALUE;
    for (int r = 0; r < runs + 1; r++) {
      long start = System.nanoTime();
      result = work.get();
      long elapsed = System.nanoTime() - start;
      if (r > 0) {
        best = Math.min(best, elapsed);
      }
    }
    System.out.printf(Locale.ROOT, "%-38s %9.1f ms%n", what, best / 1e6);
    return result;
  }

  private static String bits(double v) {
    return String.format(Locale.ROOT, "%s [0x%016x]", v, Double.doubleToRawLongBits(v));
  }
}
