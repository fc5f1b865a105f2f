package dev.prims.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Keeps every test away from the user's home and from the other tests' state. Registered through
 * {@code META-INF/services} and switched on for every module by the parent POM's surefire
 * configuration ({@code junit.jupiter.extensions.autodetection.enabled=true}).
 *
 * <p>Each test class gets a fresh temporary directory with its own {@code user.home}, natives
 * directory ({@code prims.natives.dir}) and CUB cache ({@code prims.cub.cache}); each test gets its
 * own empty cost-model cache ({@code prims.costmodel.cache}). Every system property the test or the
 * extension changed is restored afterwards (per test, then per class), and the directory is
 * deleted.
 */
public final class HermeticExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
  // the system properties this extension points into the temporary directory
  private static final String COST_MODEL_CACHE = "prims.costmodel.cache";
  private static final String NATIVES_DIR = "prims.natives.dir";
  private static final String CUB_CACHE = "prims.cub.cache";

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(HermeticExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    Map<String, String> saved = snapshot();
    Path root = Files.createTempDirectory("prims-test-");
    Path home = Files.createDirectories(root.resolve("home"));
    store(context).put("properties", saved);
    store(context).put("root", root);
    System.setProperty("user.home", home.toString());
    System.setProperty(NATIVES_DIR, root.resolve("natives").toString());
    System.setProperty(CUB_CACHE, root.resolve("cub").toString());
    System.setProperty(COST_MODEL_CACHE, root.resolve("costmodel.json").toString());
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    Map<String, String> saved = snapshot();
    Path root = Objects.requireNonNull(store(context).get("root", Path.class), "root");
    Path testDir = Files.createTempDirectory(root, "test-");
    store(context).put("properties", saved);
    System.setProperty(COST_MODEL_CACHE, testDir.resolve("costmodel.json").toString());
  }

  @Override
  public void afterEach(ExtensionContext context) {
    restore(context);
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    restore(context);
    Path root = store(context).remove("root", Path.class);
    if (root != null) {
      deleteRecursively(root);
    }
  }

  private static ExtensionContext.Store store(ExtensionContext context) {
    return context.getStore(NAMESPACE);
  }

  private static Map<String, String> snapshot() {
    Map<String, String> copy = new HashMap<>();
    for (String key : System.getProperties().stringPropertyNames()) {
      copy.put(key, System.getProperty(key));
    }
    return copy;
  }

  @SuppressWarnings("unchecked")
  private static void restore(ExtensionContext context) {
    Map<String, String> saved = store(context).remove("properties", Map.class);
    if (saved == null) {
      return;
    }
    for (String key : System.getProperties().stringPropertyNames()) {
      if (!saved.containsKey(key)) {
        System.clearProperty(key);
      }
    }
    saved.forEach(
        (key, value) -> {
          if (!value.equals(System.getProperty(key))) {
            System.setProperty(key, value);
          }
        });
  }

  private static void deleteRecursively(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.deleteIfExists(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
            if (e != null) {
              throw new UncheckedIOException(e);
            }
            Files.deleteIfExists(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
