package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.app.Cli;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bench row names the variant that ran, also when the configuration chose a non-default one. */
class BenchVariantLabelTest {
  private static final String KEY = "prims.scan.variant";

  @Test
  void aConfiguredVariantNamesItsRows(@TempDir Path dir) throws IOException {
    String before = System.getProperty(KEY);
    System.setProperty(KEY, "two-pass");
    try {
      JsonNode rows = Cli.quickCpuBenchRows(dir, "scan:inclusive");
      int cpuRows = 0;
      for (JsonNode row : rows) {
        if (row.get("backend").asText().equals("cpu")) {
          cpuRows++;
          assertEquals("two-pass", row.get("variant").asText(), row::toString);
        }
      }
      assertTrue(cpuRows > 0, "no cpu rows: " + rows);
    } finally {
      if (before == null) {
        System.clearProperty(KEY);
      } else {
        System.setProperty(KEY, before);
      }
    }
  }
}
