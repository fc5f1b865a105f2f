package dev.prims.engine;

import dev.prims.PrimsConfig;
import dev.prims.spi.BackendContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Configuration with every source merged, highest precedence first: explicit API values, system
 * properties, {@code PRIMS_*} environment variables, {@code prims.properties}, defaults.
 */
public final class ResolvedConfig implements BackendContext {
  static final Map<String, String> DEFAULTS =
      Map.of(
          PrimsConfig.BACKEND, "cpu",
          PrimsConfig.FALLBACK, "true",
          PrimsConfig.DETERMINISM, "fast");

  private final Map<String, String> values;

  private ResolvedConfig(Map<String, String> values) {
    this.values = Map.copyOf(values);
  }

  /** Merges {@code explicit} over system properties, environment, file and defaults. */
  public static ResolvedConfig resolve(PrimsConfig explicit) {
    return resolve(explicit, System.getProperties(), System.getenv(), loadPropertiesFile());
  }

  static ResolvedConfig resolve(
      PrimsConfig explicit,
      Properties systemProperties,
      Map<String, String> environment,
      Properties file) {
    Map<String, String> merged = new LinkedHashMap<>(DEFAULTS);
    file.stringPropertyNames().stream()
        .filter(k -> k.startsWith("prims."))
        .forEach(k -> merged.put(k, file.getProperty(k).trim()));
    environment.forEach(
        (k, v) -> {
          if (k.startsWith("PRIMS_")) {
            merged.put(k.toLowerCase(Locale.ROOT).replace('_', '.'), v.trim());
          }
        });
    systemProperties.stringPropertyNames().stream()
        .filter(k -> k.startsWith("prims."))
        .forEach(k -> merged.put(k, systemProperties.getProperty(k).trim()));
    merged.putAll(explicit.values());
    return new ResolvedConfig(merged);
  }

  private static Properties loadPropertiesFile() {
    Properties p = new Properties();
    Path local = Path.of("prims.properties");
    try {
      if (Files.isRegularFile(local)) {
        try (InputStream in = Files.newInputStream(local)) {
          p.load(in);
        }
      } else {
        try (InputStream in =
            Thread.currentThread().getContextClassLoader() == null
                ? null
                : Thread.currentThread()
                    .getContextClassLoader()
                    .getResourceAsStream("prims.properties")) {
          if (in != null) {
            p.load(in);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read prims.properties", e);
    }
    return p;
  }

  @Override
  public Optional<String> get(String key) {
    return Optional.ofNullable(values.get(key)).filter(v -> !v.isEmpty());
  }

  /** Every resolved key and value. */
  public Map<String, String> values() {
    return values;
  }

  /** A copy with {@code key} overridden. */
  public ResolvedConfig with(String key, String value) {
    Map<String, String> copy = new LinkedHashMap<>(values);
    copy.put(key, value);
    return new ResolvedConfig(copy);
  }

  /** {@code prims.fallback} as a boolean; anything but true/false is an error. */
  public boolean fallback() {
    String v = get(PrimsConfig.FALLBACK, "true").toLowerCase(Locale.ROOT);
    if (!v.equals("true") && !v.equals("false")) {
      throw new IllegalArgumentException("prims.fallback must be true or false, got '" + v + "'");
    }
    return Boolean.parseBoolean(v);
  }
}
