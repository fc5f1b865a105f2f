package dev.prims.testing;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles the {@code ```java} snippets of the repository's README against the test's class path,
 * each as the body of a method whose parameters declare the README's free variables.
 */
public final class ReadmeSnippets {
  private static final Pattern SNIPPET = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  private ReadmeSnippets() {}

  /** The {@code ```java} snippets of {@code readme} that {@code which} accepts. */
  public static List<String> of(Path readme, Predicate<String> which) throws IOException {
    List<String> snippets = new ArrayList<>();
    Matcher m = SNIPPET.matcher(Files.readString(readme, StandardCharsets.UTF_8));
    while (m.find()) {
      if (which.test(m.group(1))) {
        snippets.add(m.group(1));
      }
    }
    return snippets;
  }

  /**
   * Compiles {@code snippets} into {@code out}, each in a class importing {@code imports} (whole
   * import lines), as the body of {@code void run(parameters)}; returns the compiler's diagnostics,
   * empty when every snippet compiles.
   */
  public static String compile(List<String> snippets, String imports, String parameters, Path out)
      throws IOException {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<Path> sources = new ArrayList<>();
    for (int i = 0; i < snippets.size(); i++) {
      Path source = out.resolve("Snippet" + i + ".java");
      Files.writeString(
          source,
          imports
              + "\nclass Snippet"
              + i
              + " {\n  void run("
              + parameters
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
      return ok ? "" : diagnostics.getDiagnostics() + log.toString();
    }
  }
}
