package dev.prims.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The one local[2] Spark session every test of the module shares (starting one takes seconds): a
 * real Spark, its scratch directories under the system temp directory, no UI.
 */
final class LocalSpark {
  private static SparkSession session;

  private LocalSpark() {}

  static synchronized SparkSession session() {
    if (session == null) {
      Path scratch;
      try {
        scratch = Files.createTempDirectory("prims-spark-test");
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      session =
          SparkSession.builder()
              .master("local[2]")
              .appName("prims-spark-test")
              .config("spark.ui.enabled", "false")
              .config("spark.sql.shuffle.partitions", "4")
              .config("spark.local.dir", scratch.toString())
              .config("spark.sql.warehouse.dir", scratch.resolve("warehouse").toString())
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .getOrCreate();
      Runtime.getRuntime().addShutdownHook(new Thread(session::stop));
    }
    return session;
  }
}
