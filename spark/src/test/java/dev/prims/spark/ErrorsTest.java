package dev.prims.spark;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.HistogramSpec;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Bad columns fail on the driver naming the column; an unusable backend fails the job naming it.
 */
class ErrorsTest {
  private static final Dataset<Row> data =
      TestColumns.mixed(100, 5, 1, 2).withColumn("s", org.apache.spark.sql.functions.lit("x"));

  @AfterEach
  void defaults() {
    LocalSpark.session().conf().unset("spark.prims.backend");
    LocalSpark.session().conf().unset("spark.prims.device");
    LocalSpark.session().conf().unset("spark.prims.fallback");
  }

  @Test
  void aMissingColumnIsNamed() {
    String message =
        assertThrows(IllegalArgumentException.class, () -> PrimsSpark.sum(data, "nope"))
            .getMessage();
    assertTrue(message.contains("'nope'") && message.contains("id"), message);
  }

  @Test
  void aNonNumericColumnIsNamedWithItsType() {
    String message =
        assertThrows(IllegalArgumentException.class, () -> PrimsSpark.max(data, "s")).getMessage();
    assertTrue(message.contains("'s'") && message.contains("string"), message);
  }

  @Test
  void aHistogramSpecThatDoesNotSuitTheColumnIsRejected() {
    assertThrows(
        IllegalArgumentException.class,
        () -> PrimsSpark.histogram(data, "d", HistogramSpec.keys(4)));
    assertThrows(IllegalArgumentException.class, () -> PrimsSpark.histogram(data, "i", -1));
  }

  @Test
  void anUnusableBackendWithoutFallbackFailsTheJobNamingTheBackendAndExecutor() {
    LocalSpark.session().conf().set("spark.prims.backend", "opencl");
    LocalSpark.session().conf().set("spark.prims.device", "no-such-device");
    LocalSpark.session().conf().set("spark.prims.fallback", "false");
    String message = assertThrows(Exception.class, () -> PrimsSpark.sum(data, "d")).getMessage();
    assertTrue(
        message.contains("prims.backend=opencl")
            && message.contains("no-such-device")
            && message.contains("executor"),
        message);
  }
}
