package dev.prims.conformance.configured;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;

/**
 * The backend id and configuration the {@code Configured*Test} classes run against, given at run
 * time. Read from JUnit configuration parameters (as a launcher passes them) or, failing that, from
 * system properties of the same names:
 *
 * <ul>
 *   <li>{@value #BACKEND}: the backend id, such as {@code opencl};
 *   <li>{@value #CONFIG}: extra keys as {@code key=value} pairs separated by commas, such as {@code
 *       prims.device=1,prims.opencl.platform=0};
 *   <li>{@value #CONFIG_PREFIX}{@code <key>}: one extra key each (system properties only, since
 *       JUnit parameters cannot be listed by prefix);
 *   <li>{@value #SHAPES}: the launch shapes reproducible results must agree across, separated by
 *       semicolons, each as {@code key=value} pairs separated by commas, such as {@code
 *       prims.cpu.threads=1;prims.cpu.threads=3}; when absent, those {@link
 *       dev.prims.conformance.LaunchShapes} knows for the backend.
 * </ul>
 *
 * <p>The jqwik properties of the suite see system properties only.
 */
public final class ConfiguredBackend {
  /** Parameter naming the backend id. */
  public static final String BACKEND = "prims.conformance.backend";

  /** Parameter with extra configuration as comma-separated {@code key=value} pairs. */
  public static final String CONFIG = "prims.conformance.config";

  /** Prefix of system properties each carrying one extra configuration key. */
  public static final String CONFIG_PREFIX = "prims.conformance.config.";

  /** Parameter listing alternative launch shapes (see the class comment). */
  public static final String SHAPES = "prims.conformance.shapes";

  /** The concrete classes that run the whole suite against the configured backend. */
  public static final List<Class<?>> TEST_CLASSES =
      List.of(
          ConfiguredReduceTest.class,
          ConfiguredScanTest.class,
          ConfiguredHistogramTest.class,
          ConfiguredDotTest.class,
          ConfiguredEngineTest.class,
          ConfiguredBufferTest.class,
          ConfiguredAsyncTest.class,
          ConfiguredCallerArrayTest.class,
          ConfiguredArgReduceTest.class,
          ConfiguredMomentsTest.class,
          ConfiguredSegmentTest.class,
          ConfiguredSortTest.class,
          ConfiguredSelectTest.class,
          ConfiguredUniqueTest.class);

  private final String id;
  private final Map<String, String> configuration;
  private final List<Map<String, String>> shapes;

  private ConfiguredBackend(
      String id, Map<String, String> configuration, List<Map<String, String>> shapes) {
    this.id = id;
    this.configuration = Map.copyOf(configuration);
    this.shapes = shapes;
  }

  /** Reads the parameters through {@code parameters}, falling back to system properties. */
  static ConfiguredBackend read(Function<String, Optional<String>> parameters) {
    Function<String, Optional<String>> lookup =
        key -> parameters.apply(key).or(() -> Optional.ofNullable(System.getProperty(key)));
    String id = lookup.apply(BACKEND).map(String::trim).filter(s -> !s.isEmpty()).orElse(null);
    Map<String, String> config = new LinkedHashMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith(CONFIG_PREFIX)) {
        config.put(name.substring(CONFIG_PREFIX.length()), System.getProperty(name).trim());
      }
    }
    lookup.apply(CONFIG).ifPresent(pairs -> config.putAll(parsePairs(pairs)));
    List<Map<String, String>> shapes =
        lookup.apply(SHAPES).map(ConfiguredBackend::parseShapes).orElse(null);
    return new ConfiguredBackend(id, config, shapes);
  }

  /** Reads system properties only. */
  static ConfiguredBackend fromSystemProperties() {
    return read(key -> Optional.empty());
  }

  /**
   * Parses {@code key=value,key=value}; blank entries are ignored, and an entry without {@code =}
   * continues the value before it (so {@code prims.device=0,1} keeps its list).
   */
  static Map<String, String> parsePairs(String pairs) {
    Map<String, String> result = new LinkedHashMap<>();
    String lastKey = null;
    for (String entry : pairs.split(",")) {
      if (entry.isBlank()) {
        continue;
      }
      int eq = entry.indexOf('=');
      if (eq < 0 && lastKey != null) {
        result.merge(lastKey, entry.trim(), (a, b) -> a + "," + b);
        continue;
      }
      if (eq <= 0) {
        throw new IllegalArgumentException(
            CONFIG + " entries must be key=value, got '" + entry.trim() + "'");
      }
      lastKey = entry.substring(0, eq).trim();
      result.put(lastKey, entry.substring(eq + 1).trim());
    }
    return result;
  }

  /** Parses {@code k=v,k=v;k=v}: one map per non-blank shape. */
  static List<Map<String, String>> parseShapes(String shapes) {
    List<Map<String, String>> result = new java.util.ArrayList<>();
    for (String shape : shapes.split(";")) {
      if (!shape.isBlank()) {
        result.add(Map.copyOf(parsePairs(shape)));
      }
    }
    return List.copyOf(result);
  }

  /**
   * The backend id.
   *
   * @throws org.opentest4j.TestAbortedException when none was given
   */
  public String id() {
    if (id == null) {
      Assumptions.abort("no backend given: set the JUnit parameter or system property " + BACKEND);
    }
    return id;
  }

  /** Extra configuration keys for the engine. */
  public Map<String, String> configuration() {
    return configuration;
  }

  /** The launch shapes given with {@value #SHAPES}, or empty when none was given. */
  public Optional<List<Map<String, String>>> shapes() {
    return Optional.ofNullable(shapes);
  }

  /** A test class that receives the configured backend. */
  public interface Target {
    void configure(ConfiguredBackend backend);
  }
}
