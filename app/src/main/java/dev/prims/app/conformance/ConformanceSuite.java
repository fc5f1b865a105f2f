package dev.prims.app.conformance;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.prims.conformance.configured.ConfiguredBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs the conformance module's {@code Configured*Test} classes against one target through the
 * JUnit Platform launcher (JUnit Jupiter and jqwik), counting the outcome per class.
 */
public final class ConformanceSuite {
  /**
   * jqwik warns, for each class, that it cannot process JUnit annotations it is not meant to; held
   * here so the level set on it survives garbage collection.
   */
  private static final Logger JQWIK_LOGGER = Logger.getLogger("net.jqwik");

  private ConformanceSuite() {}

  /** The cell names, one per conformance class, in matrix order. */
  public static List<String> cellNames() {
    return ConfiguredBackend.TEST_CLASSES.stream()
        .map(c -> MatrixListener.cellName(c.getName()))
        .toList();
  }

  /**
   * Runs the suite on {@code target}. The target is passed both as launcher configuration
   * parameters (read by the Jupiter classes) and, for the run's duration, as system properties
   * (read by jqwik properties); earlier values of those properties are restored after. Only the
   * classes named in {@code cells} run.
   */
  public static Map<String, ConformanceCell> run(ConformanceTarget target, List<String> cells) {
    List<DiscoverySelector> selectors = new ArrayList<>();
    for (Class<?> c : ConfiguredBackend.TEST_CLASSES) {
      if (cells.contains(MatrixListener.cellName(c.getName()))) {
        selectors.add(selectClass(c));
      }
    }
    Map<String, String> properties = new HashMap<>();
    properties.put(ConfiguredBackend.BACKEND, target.backend());
    properties.put(ConfiguredBackend.CONFIG, target.configurationPairs());
    Map<String, String> saved = new HashMap<>();
    properties.keySet().forEach(k -> saved.put(k, System.getProperty(k)));
    Path directory = null;
    Level jqwikLevel = JQWIK_LOGGER.getLevel();
    try {
      directory = Files.createTempDirectory("prims-conformance");
      Path database = directory.resolve("jqwik.database");
      properties.forEach(System::setProperty);
      JQWIK_LOGGER.setLevel(Level.SEVERE);
      LauncherDiscoveryRequest request =
          LauncherDiscoveryRequestBuilder.request()
              .selectors(selectors)
              .configurationParameters(properties)
              .configurationParameter("jqwik.database", database.toString())
              .configurationParameter("jqwik.reporting.onlyfailures", "true")
              .configurationParameter("jqwik.reporting.usejunitplatform", "false")
              .build();
      MatrixListener listener = new MatrixListener(cells);
      Launcher launcher = LauncherFactory.create();
      launcher.execute(request, listener);
      return listener.cells();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } finally {
      saved.forEach(
          (k, v) -> {
            if (v == null) {
              System.clearProperty(k);
            } else {
              System.setProperty(k, v);
            }
          });
      JQWIK_LOGGER.setLevel(jqwikLevel);
      if (directory != null) {
        deleteQuietly(directory);
      }
    }
  }

  private static void deleteQuietly(Path directory) {
    try (java.util.stream.Stream<Path> files = Files.walk(directory)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (java.io.IOException e) {
      // a leftover temporary directory is harmless
    }
  }
}
