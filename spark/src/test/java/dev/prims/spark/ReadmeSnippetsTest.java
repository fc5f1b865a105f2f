package dev.prims.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.prims.testing.ReadmeSnippets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compiles the README's Spark snippets (those using {@code PrimsSpark}) against this module. */
class ReadmeSnippetsTest {
  @TempDir Path out;

  @Test
  void theSparkSnippetsOfTheReadmeCompile() throws Exception {
    Path readme = Path.of("..", "README.md");
    List<String> snippets = ReadmeSnippets.of(readme, s -> s.contains("PrimsSpark"));
    assertFalse(snippets.isEmpty(), "no Spark snippet found in " + readme.toAbsolutePath());
    assertEquals(
        "",
        ReadmeSnippets.compile(
            snippets,
            "import dev.prims.*;\nimport dev.prims.spark.*;\nimport org.apache.spark.sql.*;",
            "Dataset<Row> sales",
            out),
        "README Spark snippets do not compile");
  }
}
