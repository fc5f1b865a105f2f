package dev.prims.app.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiles every {@code ```java} snippet of the repository's README against the prims artifacts,
 * each as the body of a method in which the README's free variables are declared.
 */
class ReadmeSnippetsTest {
  private static final Pattern SNIPPET = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  /** The variables the README's snippets may use without declaring them. */
  private static final String PARAMETERS =
      "float[] values, long[] longs, double[] samples, int[] keys, double[] x, double[] y";

  @TempDir Path out;

  @Test
  void everyJavaSnippetOfTheReadmeCompiles() throws Exception {
    Path readme = Path.of("..", "README.md");
    List<String> snippets = new ArrayList<>();
    Matcher m = SNIPPET.matcher(Files.readString(readme, StandardCharsets.UTF_8));
    while (m.find()) {
      snippets.add(m.group(1));
    }
    assertFalse(snippets.isEmpty(), "no ```java snippet found in " + readme.toAbsolutePath());

    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<Path> sources = new ArrayList<>();
    for (int i = 0; i < snippets.size(); i++) {
      Path source = out.resolve("Snippet" + i + ".java");
      Files.writeString(
          source,
          "import dev.prims.*;\nimport dev.prims.spi.*;\nimport java.util.*;\n"
              + "class Snippet"
              + i
              + " {\n  void run("
              + PARAMETERS
              + ") throws Exception {\n"
              + snippets.get(i)
              + "\n  }\n}\n");
      sources.add(source);
    }
    try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null, null)) {
      StringWriter log = new StringWriter();
      boolean ok =
          compiler
              .getTask(
                  log,
                  files,
                  diagnostics,
                  List.of(
                      "-proc:none",
                      "-d",
                      out.toString(),
                      "-classpath",
                      System.getProperty("java.class.path")),
                  null,
                  files.getJavaFileObjectsFromPaths(sources))
              .call();
      assertTrue(
          ok, () -> "README snippets do not compile:\n" + diagnostics.getDiagnostics() + log);
    }
  }
}
