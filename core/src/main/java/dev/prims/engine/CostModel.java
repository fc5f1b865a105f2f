package dev.prims.engine;

import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cost model behind {@code prims.backend=auto}: for a call on host arrays, each usable
 * backend's estimated time is {@code bytes / hostToDevice + bytes / device + launch}. Rates are
 * measured once per machine, backend and device by a short probe through the SPI (int sums of
 * {@value #PROBE_ELEMENTS} elements from a host array and from a buffer) and cached in a small JSON
 * file ({@code ~/.cache/prims/costmodel.json}, or {@code prims.costmodel.cache}; see {@link
 * CostModelCache}): an entry is used only while it is physical and its prims version and driver are
 * the current ones, else the backend is measured again and its entry rewritten. Backends with equal
 * estimates are ranked by provider priority, highest first. Thread-safe.
 */
public final class CostModel {
  private static final Logger LOG = LoggerFactory.getLogger(CostModel.class);

  /** Configuration key naming the cache file. */
  public static final String CACHE_KEY = "prims.costmodel.cache";

  /** Elements of the probe's int array (16 MiB). */
  public static final int PROBE_ELEMENTS = 1 << 22;

  /** Host-to-device rates above this count as "no transfer" (a backend sharing host memory). */
  static final double MAX_GBPS = 1e6;

  /**
   * A host-array sum slower than the buffer sum by less than this fraction moves no data (backends
   * computing in host memory): the difference is timing noise.
   */
  static final double NOISE = 0.25;

  /** Measured rates of one backend on one device. */
  public record Rates(
      String backend,
      String device,
      double hostToDeviceGBps,
      double deviceGBps,
      double launchMicros) {
    /** Estimated milliseconds for {@code bytes} on the host ({@code onHost}) or on the device. */
    public double estimateMillis(long bytes, boolean onHost) {
      double seconds = launchMicros * 1e-6 + bytes / (deviceGBps * 1e9);
      if (onHost) {
        seconds += bytes / (hostToDeviceGBps * 1e9);
      }
      return seconds * 1e3;
    }
  }

  /** One backend's estimate for one call. */
  public record Estimate(String backend, double millis) {}

  /** Usable backends for one call, cheapest first, and the note saying why. */
  public record Choice(List<Estimate> ranking, String note) {}

  private final BackendRegistry registry;
  private final CostModelCache cache;
  private final Map<String, Rates> known = new TreeMap<>();
  private final Set<String> unusable = new HashSet<>();

  /** The rates of every usable backend, once all are known: what each call ranks without a lock. */
  private volatile List<Rates> settled;

  /** The last ranking made, reused while calls keep moving the same number of bytes. */
  private volatile Ranked last;

  private record Ranked(long bytes, List<Rates> rates, Choice choice) {}

  CostModel(BackendRegistry registry, Path cache) {
    this.registry = registry;
    this.cache = new CostModelCache(cache);
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
   * The rates of every usable backend by id, measuring (or reading from the cache) those not known
   * yet. Opens every available backend on first use.
   */
  public synchronized Map<String, Rates> rates() {
    registry.ids().forEach(this::ensure);
    return Collections.unmodifiableMap(new TreeMap<>(known));
  }

  /**
   * Ranks the usable backends for a call moving {@code bytes} from host arrays. Once every
   * backend's rates are known this takes no lock and a few hundred nanoseconds (a per-call
   * decision).
   */
  public Choice rank(long bytes) {
    List<Rates> rates = settled;
    if (rates == null) {
      synchronized (this) {
        rates = List.copyOf(rates().values());
        settled = rates;
      }
    }
    Ranked previous = last;
    if (previous != null && previous.bytes() == bytes && previous.rates() == rates) {
      return previous.choice();
    }
    Estimate[] ranking = new Estimate[rates.size()];
    for (int i = 0; i < ranking.length; i++) {
      Rates r = rates.get(i);
      Estimate e = new Estimate(r.backend(), r.estimateMillis(bytes, true));
      int j = i;
      for (; j > 0 && before(e, ranking[j - 1]); j--) {
        ranking[j] = ranking[j - 1];
      }
      ranking[j] = e;
    }
    if (ranking.length == 0) {
      return new Choice(List.of(), "auto: no backend could be measured");
    }
    StringBuilder note = new StringBuilder(96).append("auto: ").append(ranking[0].backend());
    appendMillis(note.append(", est "), ranking[0].millis());
    for (int i = 1; i < ranking.length; i++) {
      appendMillis(
          note.append(i == 1 ? " vs " : ", ").append(ranking[i].backend()).append(' '),
          ranking[i].millis());
    }
    Choice choice =
        new Choice(List.of(ranking), note.append(" for ").append(bytes).append(" B").toString());
    last = new Ranked(bytes, rates, choice);
    return choice;
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

  private void ensure(String id) {
    if (known.containsKey(id) || unusable.contains(id)) {
      return;
    }
    Backend backend = openIfUsable(id);
    if (backend == null) {
      return;
    }
    String device = deviceName(backend);
    CostModelCache.Entry cached = cache.load().get(id + "|" + device);
    if (cached != null && CostModelCache.isCurrent(cached, backend.device())) {
      known.put(id, cached.rates());
      return;
    }
    measureAndSave(id, backend);
  }

  /** The open backend {@code id}, or null (remembered as unusable) when it cannot be opened. */
  private Backend openIfUsable(String id) {
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

  private void measureAndSave(String id, Backend backend) {
    try {
      Rates measured = measure(backend, deviceName(backend));
      known.put(id, measured);
      Map<String, CostModelCache.Entry> all = cache.load();
      all.put(CostModelCache.key(measured), CostModelCache.stamped(measured, backend.device()));
      cache.save(all);
      LOG.info("cost model measured {}: {}", id, measured);
    } catch (RuntimeException | LinkageError e) {
      unusable.add(id);
      LOG.warn("cost model cannot measure backend {}; auto will not pick it: {}", id, e.toString());
    }
  }

  /**
   * Measures every usable backend again, whatever the cache holds, and rewrites its entries (for
   * {@code prims calibrate}, after a hardware or driver change the stamps cannot see).
   *
   * @return the new rates by backend id
   */
  public synchronized Map<String, Rates> calibrate() {
    settled = null;
    known.clear();
    unusable.clear();
    for (String id : registry.ids()) {
      Backend backend = openIfUsable(id);
      if (backend != null) {
        measureAndSave(id, backend);
      }
    }
    return Collections.unmodifiableMap(new TreeMap<>(known));
  }

  /**
   * Times int sums of {@link #PROBE_ELEMENTS} elements from a host array (the path a host-array
   * call takes, staging included) and from a device buffer, and of one element: transfer time is
   * their difference, launch overhead the one-element time.
   */
  static Rates measure(Backend backend, String device) {
    int[] data = new int[PROBE_ELEMENTS];
    Arrays.fill(data, 1);
    long bytes = 4L * PROBE_ELEMENTS;
    double host = Double.MAX_VALUE;
    double big = Double.MAX_VALUE;
    double small = Double.MAX_VALUE;
    try (DeviceBuffer all = backend.buffers().upload(data);
        DeviceBuffer one = backend.buffers().upload(new int[] {1})) {
      for (int i = 0; i < 5; i++) {
        long t0 = System.nanoTime();
        backend.reducer().reduce(backend.buffers(), data, ReduceOp.SUM, fast());
        long t1 = System.nanoTime();
        backend.reducer().reduce(all, ReduceOp.SUM, fast());
        long t2 = System.nanoTime();
        backend.reducer().reduce(one, ReduceOp.SUM, fast());
        long t3 = System.nanoTime();
        if (i > 0) {
          host = Math.min(host, (t1 - t0) * 1e-9);
          big = Math.min(big, (t2 - t1) * 1e-9);
          small = Math.min(small, (t3 - t2) * 1e-9);
        }
      }
    }
    double transfer = host - big;
    double h2d = transfer < NOISE * big ? MAX_GBPS : bytes / transfer / 1e9;
    double dev = bytes / Math.max(big - small, 1e-9) / 1e9;
    return new Rates(
        backend.id(),
        device,
        clamp(h2d, CostModelCache.MIN_GBPS, CostModelCache.MAX_HOST_TO_DEVICE_GBPS),
        clamp(dev, CostModelCache.MIN_GBPS, CostModelCache.MAX_DEVICE_GBPS),
        clamp(small * 1e6, 0, CostModelCache.MAX_LAUNCH_MICROS));
  }

  /** {@code value} within the physical bounds that the cache accepts. */
  private static double clamp(double value, double min, double max) {
    return Math.max(min, Math.min(max, value));
  }

  private static CallContext fast() {
    return new CallContext(null, Determinism.FAST);
  }
}
