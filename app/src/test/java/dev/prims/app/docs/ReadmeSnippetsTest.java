package dev.prims.app.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.prims.testing.ReadmeSnippets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compiles every {@code ```java} snippet of the repository's README and of docs/api.md against the
 * prims artifacts, each as the body of a method in which the README's free variables are declared.
 * The Spark section's snippets need Spark on the class path: the spark module's tests compile
 * those.
 */
class ReadmeSnippetsTest {
  /** The variables the README's snippets may use without declaring them. */
  private static final String PARAMETERS =
      "float[] values, long[] longs, double[] samples, int[] keys, double[] x, double[] y";

  @TempDir Path out;

  @ParameterizedTest
  @ValueSource(strings = {"README.md", "docs/api.md"})
  void everyJavaSnippetCompiles(String page) throws Exception {
    Path readme = Path.of("..", page);
    List<String> snippets = ReadmeSnippets.of(readme, s -> !s.contains("PrimsSpark"));
    assertFalse(snippets.isEmpty(), "no ```java snippet found in " + readme.toAbsolutePath());
    assertEquals(
        "",
        ReadmeSnippets.compile(
            snippets,
            "import dev.prims.*;\nimport dev.prims.spi.*;\nimport java.util.*;",
            PARAMETERS,
            out),
        page + " snippets do not compile");
  }
}
