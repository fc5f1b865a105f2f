package dev.prims.engine;

import dev.prims.Primitive;
import dev.prims.PrimsConfig;
import dev.prims.engine.multidevice.ShardLayout;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.PrivateNatives;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every {@code prims.*} key that something reads: the engine's own, each backend provider's ({@link
 * BackendProvider#configurationKeys()}) and those of the prims tools. An unknown key given
 * explicitly (the API, {@code --config}) is an {@link IllegalArgumentException} naming the nearest
 * known key; one from a system property, the environment or {@code prims.properties} is logged once
 * as a warning naming where it came from, and otherwise ignored. A known key ending with {@code .}
 * stands for every key below it. Keys are case-insensitive ({@code PRIMS_OPENCL_PLATFORM} in the
 * environment is {@code prims.opencl.platform}).
 */
public final class ConfigKeys {
  private static final Logger LOG = LoggerFactory.getLogger(ConfigKeys.class);

  /** Keys the engine itself reads. */
  static final Set<String> ENGINE =
      Set.of(
          PrimsConfig.BACKEND,
          PrimsConfig.DEVICE,
          ShardLayout.ALIGN_KEY,
          PrimsConfig.FALLBACK,
          PrimsConfig.DETERMINISM,
          CostModel.CACHE_KEY,
          PrivateNatives.DIRECTORY_PROPERTY,
          BufferCleaner.DEBUG_KEY);

  /**
   * Keys the prims tools read from system properties or the environment (the CLI's CUB reference
   * cache and jar location, the conformance runner's target), so that setting them is no typo.
   */
  static final Set<String> TOOLS =
      Set.of("prims.cub.cache", "prims.jar", "prims.conformance.", "prims.aparapi.stress.");

  /** Unknown keys from other sources already warned about (one warning per key and source). */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  private final Set<String> known;

  private ConfigKeys(Set<String> known) {
    this.known = known;
  }

  /** The keys of the engine, the tools and {@code providers}. */
  public static ConfigKeys of(Collection<BackendProvider> providers) {
    Set<String> known = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    known.addAll(ENGINE);
    known.addAll(TOOLS);
    for (Primitive p : Primitive.values()) {
      known.add(p.variantKey());
    }
    for (BackendProvider provider : providers) {
      known.addAll(provider.configurationKeys());
    }
    return new ConfigKeys(known);
  }

  /** Whether {@code key} is read by something (keys are case-insensitive). */
  public boolean isKnown(String key) {
    if (known.contains(key)) {
      return true;
    }
    for (String k : known) {
      if (k.endsWith(".")
          && key.length() > k.length()
          && key.regionMatches(true, 0, k, 0, k.length())) {
        return true;
      }
    }
    return false;
  }

  /**
   * @throws IllegalArgumentException when {@code key} is unknown, naming it and the nearest known
   *     key
   */
  public void requireKnown(String key) {
    if (!isKnown(key)) {
      throw new IllegalArgumentException(unknown(key, null));
    }
  }

  /**
   * Checks every key of {@code config}: an unknown explicit one throws; an unknown one from another
   * source is logged once as a warning naming that source.
   *
   * @return the warnings logged by this call
   * @throws IllegalArgumentException for an unknown explicit key
   */
  public List<String> check(ResolvedConfig config) {
    List<String> warnings = new ArrayList<>();
    for (Map.Entry<String, String> e : config.sources().entrySet()) {
      String key = e.getKey();
      String source = e.getValue();
      if (isKnown(key)) {
        continue;
      }
      if (source.equals(ResolvedConfig.EXPLICIT)) {
        requireKnown(key);
      } else if (WARNED.add(source + "\u0000" + key)) {
        String warning = unknown(key, source) + "; ignored";
        LOG.warn(warning);
        warnings.add(warning);
      }
    }
    return warnings;
  }

  /** "unknown configuration key prims.backnd from SOURCE (did you mean prims.backend?)". */
  private String unknown(String key, String source) {
    StringBuilder message = new StringBuilder("unknown configuration key ").append(key);
    if (source != null) {
      message.append(" from ").append(source);
    }
    nearest(key).ifPresent(n -> message.append(" (did you mean ").append(n).append("?)"));
    return message.toString();
  }

  /** The known key closest to {@code key} in edit distance, if it is close enough to be a typo. */
  Optional<String> nearest(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String k : known) {
      int d = distance(lower, k.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    int allowed = Math.max(2, key.length() / 3);
    return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
  }

  /** Levenshtein distance. */
  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
