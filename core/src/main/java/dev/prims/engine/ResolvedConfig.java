package dev.prims.engine;

import dev.prims.Determinism;
import dev.prims.Primitive;
import dev.prims.PrimsConfig;
import dev.prims.spi.BackendContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Configuration with every source merged, highest precedence first: explicit API values, system
 * properties, {@code PRIMS_*} environment variables, {@code prims.properties}, defaults.
 *
 * <p>Keys are case-insensitive ({@code PRIMS_OPENCL_PLATFORM} sets {@code prims.opencl.platform}).
 * Values are trimmed, and an empty value is the same as no value, from every source: {@code
 * PRIMS_BACKEND=} or {@code prims.backend=} in a file leaves the key to the sources below it (and
 * in the end to the default), as an unset key would.
 */
public final class ResolvedConfig implements BackendContext {
  static final Map<String, String> DEFAULTS =
      Map.of(
          PrimsConfig.BACKEND, "cpu",
          PrimsConfig.FALLBACK, "true",
          PrimsConfig.DETERMINISM, "fast");

  /** The {@code prims.backend} value that lets the cost model choose. */
  private static final String AUTO = "auto";

  /** The source of explicit values (the API, {@code --config}). */
  public static final String EXPLICIT = "the explicit configuration";

  /** Where the defaults come from. */
  static final String DEFAULT = "the defaults";

  private final Map<String, String> values;
  private final Map<String, String> sources;

  // What every call reads, parsed on first use (a config never changes: two threads that race
  // here compute the same value); a value that does not parse is parsed, and refused, again.
  private volatile List<String> backendIds;
  private volatile Boolean fallback;
  private volatile Determinism determinism;
  private volatile String[] variants;

  private ResolvedConfig(Map<String, String> values, Map<String, String> sources) {
    this.values = Collections.unmodifiableMap(caseInsensitive(values));
    this.sources = Collections.unmodifiableMap(caseInsensitive(sources));
  }

  private static Map<String, String> caseInsensitive(Map<String, String> map) {
    Map<String, String> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    copy.putAll(map);
    return copy;
  }

  /** Merges {@code explicit} over system properties, environment, file and defaults. */
  public static ResolvedConfig resolve(PrimsConfig explicit) {
    PropertiesFile file = PropertiesFile.find();
    return resolve(
        explicit, System.getProperties(), System.getenv(), file.properties(), file.source());
  }

  static ResolvedConfig resolve(
      PrimsConfig explicit,
      Properties systemProperties,
      Map<String, String> environment,
      Properties file) {
    return resolve(explicit, systemProperties, environment, file, "prims.properties");
  }

  static ResolvedConfig resolve(
      PrimsConfig explicit,
      Properties systemProperties,
      Map<String, String> environment,
      Properties file,
      String fileSource) {
    Map<String, String> merged = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    Map<String, String> sources = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    DEFAULTS.forEach((k, v) -> put(merged, sources, k, v, DEFAULT));
    file.stringPropertyNames().stream()
        .filter(ResolvedConfig::isPrimsKey)
        .sorted()
        .forEach(k -> put(merged, sources, k, file.getProperty(k), fileSource));
    new TreeMap<>(environment)
        .forEach(
            (k, v) -> {
              if (k.startsWith("PRIMS_")) {
                String key = k.toLowerCase(Locale.ROOT).replace('_', '.');
                put(merged, sources, key, v, "environment variable " + k);
              }
            });
    systemProperties.stringPropertyNames().stream()
        .filter(ResolvedConfig::isPrimsKey)
        .sorted()
        .forEach(
            k ->
                put(merged, sources, k, systemProperties.getProperty(k), "system property -D" + k));
    explicit.values().forEach((k, v) -> put(merged, sources, k, v, EXPLICIT));
    return new ResolvedConfig(merged, sources);
  }

  private static boolean isPrimsKey(String key) {
    return key.regionMatches(true, 0, "prims.", 0, 6);
  }

  /** Puts {@code value}, trimmed, unless it is empty: an empty value sets nothing. */
  private static void put(
      Map<String, String> merged,
      Map<String, String> sources,
      String key,
      String value,
      String source) {
    String trimmed = value == null ? "" : value.trim();
    if (!trimmed.isEmpty()) {
      merged.remove(key);
      sources.remove(key);
      merged.put(key, trimmed);
      sources.put(key, source);
    }
  }

  @Override
  public Optional<String> get(String key) {
    return Optional.ofNullable(values.get(key));
  }

  /** Every resolved key and value (looked up case-insensitively). */
  public Map<String, String> values() {
    return values;
  }

  /** Where each key's value came from: {@link #EXPLICIT}, a system property, a variable, a file. */
  public Map<String, String> sources() {
    return sources;
  }

  /** A copy with {@code key} set explicitly to {@code value} (an empty value unsets it). */
  public ResolvedConfig with(String key, String value) {
    Map<String, String> copy = new LinkedHashMap<>(values);
    Map<String, String> copySources = new LinkedHashMap<>(sources);
    copy.remove(key);
    copySources.remove(key);
    String trimmed = value == null ? "" : value.trim();
    if (!trimmed.isEmpty()) {
      copy.put(key, trimmed);
      copySources.put(key, EXPLICIT);
    } else if (DEFAULTS.containsKey(key)) {
      copy.put(key, DEFAULTS.get(key));
      copySources.put(key, DEFAULT);
    }
    return new ResolvedConfig(copy, copySources);
  }

  /** {@code prims.fallback} as a boolean; anything but true/false is an error. */
  public boolean fallback() {
    Boolean f = fallback;
    if (f == null) {
      f = flag(PrimsConfig.FALLBACK, true);
      fallback = f;
    }
    return f;
  }

  /**
   * The ids {@code prims.backend} lists, in order, each once ({@code [auto]} for auto, in any
   * case); empty when it lists none.
   */
  public List<String> backendIds() {
    List<String> ids = backendIds;
    if (ids == null) {
      String spec = get(PrimsConfig.BACKEND, "cpu").trim();
      if (spec.equalsIgnoreCase(AUTO)) {
        ids = List.of(AUTO);
      } else {
        LinkedHashSet<String> listed = new LinkedHashSet<>();
        for (String id : spec.split(",")) {
          String trimmed = id.trim();
          if (!trimmed.isEmpty()) {
            listed.add(trimmed);
          }
        }
        ids = List.copyOf(new ArrayList<>(listed));
      }
      backendIds = ids;
    }
    return ids;
  }

  /** Whether {@code prims.backend} is {@code auto}. */
  public boolean auto() {
    List<String> ids = backendIds();
    // the constant itself: backendIds() holds it only when the whole value is auto (a list that
    // names "auto" among others holds its own string, an unknown backend id)
    return ids.size() == 1 && ids.get(0) == AUTO;
  }

  /** {@code prims.determinism}. */
  public Determinism determinism() {
    Determinism d = determinism;
    if (d == null) {
      d = Determinism.parse(get(PrimsConfig.DETERMINISM, "fast"));
      determinism = d;
    }
    return d;
  }

  /** The variant {@code primitive.variantKey()} names, or null for the backend's default. */
  public String variant(Primitive primitive) {
    String[] v = variants;
    if (v == null) {
      v = new String[Primitive.values().length];
      for (Primitive p : Primitive.values()) {
        v[p.ordinal()] = get(p.variantKey()).orElse(null);
      }
      variants = v;
    }
    return v[primitive.ordinal()];
  }
}
