package dev.prims.engine;

import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.spi.Backend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cost model behind {@code prims.backend=auto}: each usable backend's estimated time for a call
 * is read off its measured {@link CostCurve} for the call's {@link Workload} (primitive, element
 * type, host arrays or buffers), a per-call fixed overhead plus a per-byte rate. A workload is
 * measured on every backend the first time a call of it is ranked, by a short {@link CostProbe}
 * through the SPI (the backend's own kernels and transfer path), and cached in a small JSON file
 * ({@code ~/.cache/prims/costmodel.json}, or {@code prims.costmodel.cache}; see {@link
 * CostModelCache}): an entry is used only while it is physical and its prims version and driver are
 * the current ones, else the backend is measured again and its entry rewritten. Backends with equal
 * estimates are ranked by provider priority, highest first. Thread-safe; once a workload is known,
 * ranking it takes no lock.
 */
public final class CostModel {
  private static final Logger LOG = LoggerFactory.getLogger(CostModel.class);

  /** Configuration key naming the cache file. */
  public static final String CACHE_KEY = "prims.costmodel.cache";

  /** Measured curves of one backend on one device, by workload. */
  public record Rates(String backend, String device, Map<Workload, CostCurve> curves) {
    public Rates {
      Map<Workload, CostCurve> ordered = new LinkedHashMap<>();
      for (Workload w : Workload.all()) {
        CostCurve c = curves.get(w);
        if (c != null) {
          ordered.put(w, c);
        }
      }
      curves = Collections.unmodifiableMap(ordered);
    }

    /** These rates with {@code workload}'s curve set to {@code curve}. */
    public Rates with(Workload workload, CostCurve curve) {
      Map<Workload, CostCurve> more = new LinkedHashMap<>(curves);
      more.put(workload, curve);
      return new Rates(backend, device, more);
    }

    /** Estimated milliseconds of {@code workload} moving {@code bytes}; NaN when not measured. */
    public double estimateMillis(Workload workload, long bytes) {
      CostCurve c = curves.get(workload);
      return c == null ? Double.NaN : c.estimateMillis(bytes);
    }
  }

  /** One backend's estimate for one call. */
  public record Estimate(String backend, double millis) {}

  /**
   * Backends for one call: those measured, cheapest first ({@code ranking}); {@code order} is every
   * backend id to try, the ranked ones first, then any not measured by priority; and the note
   * saying why.
   */
  public record Choice(List<Estimate> ranking, List<String> order, String note) {}

  private final BackendRegistry registry;
  private final CostModelCache cache;
  private final CostProbe probe;
  private final Map<String, Rates> known = new TreeMap<>();
  private final Set<String> loaded = new HashSet<>();
  private final Set<String> unusable = new HashSet<>();
  private final Set<String> unmeasurable = new HashSet<>();

  /** Per workload index: every usable backend's curve, once all are known (ranked without lock). */
  private final AtomicReferenceArray<List<Rates>> settled =
      new AtomicReferenceArray<>(Workload.all().size());

  /** Per workload index: the last ranking made, reused while calls move the same bytes. */
  private final AtomicReferenceArray<Ranked> last =
      new AtomicReferenceArray<>(Workload.all().size());

  private record Ranked(long bytes, List<Rates> rates, Choice choice) {}

  CostModel(BackendRegistry registry, Path cache) {
    this(registry, cache, new CostProbe());
  }

  /** A model measuring with {@code probe}. */
  CostModel(BackendRegistry registry, Path cache, CostProbe probe) {
    this.registry = registry;
    this.cache = new CostModelCache(cache);
    this.probe = probe;
  }

  /** The cache file of {@code config}: {@code prims.costmodel.cache} or the default. */
  static Path cacheFile(ResolvedConfig config) {
    return config
        .get(CACHE_KEY)
        .map(Path::of)
        .orElse(Path.of(System.getProperty("user.home"), ".cache", "prims", "costmodel.json"));
  }

  /** Where the rates are cached. */
  public Path cacheFile() {
    return cache.file();
  }

  /**
   * The rates known so far by backend id (read from the cache or measured), measuring nothing;
   * backends whose cache entry is current are read in.
   */
  public synchronized Map<String, Rates> rates() {
    for (String id : registry.ids()) {
      Backend backend = openIfUsable(id);
      if (backend != null) {
        load(id, backend);
      }
    }
    return Collections.unmodifiableMap(new TreeMap<>(known));
  }

  /**
   * The rates of every usable backend by id once each of {@code workloads} is measured on it (read
   * from the cache, or measured now).
   */
  public synchronized Map<String, Rates> rates(Collection<Workload> workloads) {
    for (Workload w : workloads) {
      for (String id : registry.ids()) {
        ensure(id, w);
      }
    }
    return Collections.unmodifiableMap(new TreeMap<>(known));
  }

  /** {@link #rank(Workload, long)} of a host-array call of {@code primitive} on {@code type}. */
  public Choice rank(Primitive primitive, DType type, long bytes) {
    return rank(Workload.of(primitive, type, true), bytes);
  }

  /**
   * Ranks the usable backends for a call of {@code workload} moving {@code bytes}. The first call
   * of a workload measures it on every backend not measured yet; after that, this takes no lock and
   * a few hundred nanoseconds (a per-call decision), nothing when the bytes repeat.
   */
  public Choice rank(Workload workload, long bytes) {
    int slot = workload.index();
    List<Rates> rates = settled.get(slot);
    if (rates == null) {
      rates = settle(workload);
    }
    Ranked previous = last.get(slot);
    if (previous != null && previous.bytes() == bytes && previous.rates() == rates) {
      return previous.choice();
    }
    Choice choice = choose(workload, rates, bytes);
    last.set(slot, new Ranked(bytes, rates, choice));
    return choice;
  }

  private synchronized List<Rates> settle(Workload workload) {
    List<Rates> rates = settled.get(workload.index());
    if (rates == null) {
      rates = List.copyOf(rates(List.of(workload)).values());
      settled.set(workload.index(), rates);
    }
    return rates;
  }

  private Choice choose(Workload workload, List<Rates> rates, long bytes) {
    Estimate[] ranking = new Estimate[rates.size()];
    int count = 0;
    for (Rates r : rates) {
      double millis = r.estimateMillis(workload, bytes);
      if (Double.isNaN(millis)) {
        continue;
      }
      Estimate e = new Estimate(r.backend(), millis);
      int j = count++;
      for (; j > 0 && before(e, ranking[j - 1]); j--) {
        ranking[j] = ranking[j - 1];
      }
      ranking[j] = e;
    }
    List<Estimate> ranked = List.of(Arrays.copyOf(ranking, count));
    List<String> order = new ArrayList<>();
    ranked.forEach(e -> order.add(e.backend()));
    registry.idsByPriority().stream().filter(id -> !order.contains(id)).forEach(order::add);
    if (count == 0) {
      return new Choice(ranked, List.copyOf(order), "auto: no backend could be measured");
    }
    StringBuilder note = new StringBuilder(96).append("auto: ").append(ranking[0].backend());
    appendMillis(note.append(", est "), ranking[0].millis());
    for (int i = 1; i < count; i++) {
      appendMillis(
          note.append(i == 1 ? " vs " : ", ").append(ranking[i].backend()).append(' '),
          ranking[i].millis());
    }
    note.append(" for ").append(bytes).append(" B of ").append(workload.key());
    return new Choice(ranked, List.copyOf(order), note.toString());
  }

  /** Cheaper first; on a tie, the backend of higher priority. */
  private boolean before(Estimate a, Estimate b) {
    int byTime = Double.compare(a.millis(), b.millis());
    return byTime != 0
        ? byTime < 0
        : registry.provider(a.backend()).priority() > registry.provider(b.backend()).priority();
  }

  /**
   * Appends {@code ms} with 4 decimals below 0.1 ms and 2 above, then " ms" (as {@code %.4f} and
   * {@code %.2f} would, without the formatter's cost on every call).
   */
  static void appendMillis(StringBuilder out, double ms) {
    if (!Double.isFinite(ms) || Math.abs(ms) >= 1e15) {
      out.append(ms).append(" ms");
      return;
    }
    int decimals = ms < 0.1 ? 4 : 2;
    long scale = decimals == 4 ? 10_000 : 100;
    long units = Math.round(Math.abs(ms) * scale);
    if (ms < 0 && units != 0) {
      out.append('-');
    }
    out.append(units / scale).append('.');
    String fraction = Long.toString(units % scale);
    for (int i = fraction.length(); i < decimals; i++) {
      out.append('0');
    }
    out.append(fraction).append(" ms");
  }

  /** Makes sure {@code workload}'s curve on backend {@code id} is known, measuring it if needed. */
  private void ensure(String id, Workload workload) {
    if (unusable.contains(id) || unmeasurable.contains(id + "|" + workload.key())) {
      return;
    }
    Rates rates = known.get(id);
    if (rates != null && rates.curves().containsKey(workload)) {
      return;
    }
    Backend backend = openIfUsable(id);
    if (backend == null) {
      return;
    }
    load(id, backend);
    rates = known.get(id);
    if (rates == null || !rates.curves().containsKey(workload)) {
      measureAndSave(id, backend, workload);
    }
  }

  /** Reads backend {@code id}'s cache entry once, when it is current. */
  private void load(String id, Backend backend) {
    if (!loaded.add(id)) {
      return;
    }
    CostModelCache.Entry cached = cache.load().get(id + "|" + deviceName(backend));
    if (cached != null && CostModelCache.isCurrent(cached, backend.device())) {
      known.put(id, cached.rates());
    }
  }

  /** The open backend {@code id}, or null (remembered as unusable) when it cannot be opened. */
  private Backend openIfUsable(String id) {
    if (unusable.contains(id)) {
      return null;
    }
    if (!registry.probe(id).available()) {
      unusable.add(id);
      return null;
    }
    try {
      return registry.open(id);
    } catch (RuntimeException e) {
      unusable.add(id);
      return null;
    }
  }

  private static String deviceName(Backend backend) {
    return backend.device().name().replace('"', '\'').replace('\\', '/');
  }

  private void measureAndSave(String id, Backend backend, Workload workload) {
    try {
      CostCurve curve = probe.measure(backend, workload);
      Rates before = known.get(id);
      Rates measured =
          (before != null ? before : new Rates(id, deviceName(backend), Map.of()))
              .with(workload, curve);
      known.put(id, measured);
      Map<String, CostModelCache.Entry> all = cache.load();
      all.put(CostModelCache.key(measured), CostModelCache.stamped(measured, backend.device()));
      cache.save(all);
      LOG.debug(
          "cost model measured {} on {}: {} us per call, {} GB/s",
          workload.key(),
          id,
          curve.fixedMicros(),
          curve.gbps());
    } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
      unmeasurable.add(id + "|" + workload.key());
      LOG.warn(
          "cost model cannot measure {} on backend {}; auto will not pick it for that: {}",
          workload.key(),
          id,
          e.toString());
    }
  }

  /**
   * Measures {@code workloads} on every usable backend again, whatever the cache holds, and
   * rewrites their entries (for {@code prims calibrate}, after a hardware or driver change the
   * stamps cannot see).
   *
   * @return the rates by backend id
   */
  public synchronized Map<String, Rates> calibrate(Collection<Workload> workloads) {
    for (int i = 0; i < settled.length(); i++) {
      settled.set(i, null);
      last.set(i, null);
    }
    unusable.clear();
    for (String id : registry.ids()) {
      Backend backend = openIfUsable(id);
      if (backend == null) {
        continue;
      }
      load(id, backend);
      for (Workload w : workloads) {
        unmeasurable.remove(id + "|" + w.key());
        measureAndSave(id, backend, w);
      }
    }
    return Collections.unmodifiableMap(new TreeMap<>(known));
  }

  /** {@link #calibrate(Collection)} of every workload. */
  public Map<String, Rates> calibrate() {
    return calibrate(Workload.all());
  }
}
