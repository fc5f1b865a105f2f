package dev.prims;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Explicit configuration handed to {@link Prims#create(PrimsConfig)}. Keys not set here are
 * resolved from, in order: system properties ({@code -Dprims.backend=cuda}), the environment
 * ({@code PRIMS_BACKEND}), a {@code prims.properties} file (working directory, then classpath), and
 * the defaults.
 *
 * <p>Keys: {@code prims.backend} (ordered list such as {@code cuda,opencl,cpu}, or {@code auto}:
 * per call, the cheapest by {@link dev.prims.engine.CostModel}; default {@code cpu}), {@code
 * prims.costmodel.cache} (where {@code auto}'s measured rates are kept), {@code prims.device}
 * (index or name substring), {@code prims.fallback} ({@code true}: on failure try the next listed
 * backend and log why; default {@code true}), {@code prims.determinism} ({@code fast} | {@code
 * reproducible}), {@code prims.<primitive>.variant}, and backend-specific keys such as {@code
 * prims.opencl.platform}.
 *
 * <p>A key that nothing reads is an {@link IllegalArgumentException} from {@link
 * Prims#create(PrimsConfig)}, naming the nearest known key; a null key or value is one at once.
 * Values are trimmed, and an empty value sets nothing (the key falls through to the other sources),
 * the same in every source.
 */
public final class PrimsConfig {
  public static final String BACKEND = "prims.backend";
  public static final String DEVICE = "prims.device";
  public static final String FALLBACK = "prims.fallback";
  public static final String DETERMINISM = "prims.determinism";

  private final Map<String, String> values;

  private PrimsConfig(Map<String, String> values) {
    this.values = Map.copyOf(values);
  }

  /** No explicit values: everything comes from the other sources. */
  public static PrimsConfig empty() {
    return new PrimsConfig(Map.of());
  }

  /** Explicit values from a map of keys such as {@code prims.backend}. */
  public static PrimsConfig of(Map<String, String> values) {
    if (values == null) {
      throw new IllegalArgumentException("configuration values must not be null");
    }
    values.forEach(PrimsConfig::requireEntry);
    return new PrimsConfig(values);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The explicit values, keyed by full key. */
  public Map<String, String> values() {
    return values;
  }

  /** A copy with one more explicit value. */
  public PrimsConfig with(String key, String value) {
    Map<String, String> copy = new LinkedHashMap<>(values);
    requireEntry(key, value);
    copy.put(key, value);
    return new PrimsConfig(copy);
  }

  /** {@code key} itself, if it starts with {@code prims.}; else an IllegalArgumentException. */
  static String requireKey(String key) {
    if (key == null || !key.startsWith("prims.")) {
      throw new IllegalArgumentException("configuration keys start with 'prims.', got " + key);
    }
    return key;
  }

  private static void requireEntry(String key, String value) {
    requireKey(key);
    if (value == null) {
      throw new IllegalArgumentException(key + " must not be null");
    }
  }

  @Override
  public String toString() {
    return values.toString();
  }

  /** Builds a {@link PrimsConfig}. */
  public static final class Builder {
    private final Map<String, String> values = new LinkedHashMap<>();

    /** {@code prims.backend}: one id, a comma-separated preference list, or {@code auto}. */
    public Builder backend(String backend) {
      return set(BACKEND, backend);
    }

    /** {@code prims.device}: device index or name substring. */
    public Builder device(String device) {
      return set(DEVICE, device);
    }

    /** {@code prims.fallback}. */
    public Builder fallback(boolean fallback) {
      return set(FALLBACK, Boolean.toString(fallback));
    }

    /** {@code prims.determinism}. */
    public Builder determinism(Determinism determinism) {
      if (determinism == null) {
        throw new IllegalArgumentException(DETERMINISM + " must not be null");
      }
      return set(DETERMINISM, determinism.id());
    }

    /** {@code prims.<primitive>.variant}. */
    public Builder variant(Primitive primitive, String variant) {
      if (primitive == null) {
        throw new IllegalArgumentException("primitive must not be null");
      }
      return set(primitive.variantKey(), variant);
    }

    /** Any key starting with {@code prims.}. */
    public Builder set(String key, String value) {
      requireEntry(key, value);
      values.put(key, value);
      return this;
    }

    public PrimsConfig build() {
      return new PrimsConfig(values);
    }
  }
}
