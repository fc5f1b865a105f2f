package dev.prims.engine;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import dev.prims.engine.CostModel.Rates;
import dev.prims.spi.AtomicReplace;
import dev.prims.spi.DeviceInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cost model's cache file: measured rates per backend and device, each stamped with the prims
 * version and driver it was measured with.
 *
 * <pre>{@code
 * {"format": 2,
 *  "entries": {"cuda|NVIDIA H100": {"prims": "0.1.0", "driver": "13.0",
 *                                   "hostToDeviceGBps": 24.1, "deviceGBps": 2900, "launchMicros": 6.2}}}
 * }</pre>
 *
 * <p>Reading is strict: a file that is not this JSON, or of another format, counts as empty; an
 * entry with a rate that is not finite, positive and within {@link #valid physical bounds} is left
 * out (with a warning), so that its backend is measured again and the entry rewritten.
 */
public final class CostModelCache {
  private static final Logger LOG = LoggerFactory.getLogger(CostModelCache.class);

  /** The format version this class reads and writes. */
  public static final int FORMAT = 2;

  /** Fastest plausible host-to-device rate; also the value meaning "no transfer" (host memory). */
  public static final double MAX_HOST_TO_DEVICE_GBPS = CostModel.MAX_GBPS;

  /** Fastest plausible device rate: 100 TB/s, above any memory system built so far. */
  public static final double MAX_DEVICE_GBPS = 1e5;

  /** Slowest plausible rate of either kind: 1 MB/s. */
  public static final double MIN_GBPS = 1e-3;

  /** Longest plausible launch overhead: one second. */
  public static final double MAX_LAUNCH_MICROS = 1e6;

  /** Largest cache file read (a real one holds a few entries of about 200 bytes). */
  static final long MAX_BYTES = 1 << 20;

  private static final JsonFactory JSON =
      JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .streamReadConstraints(
              StreamReadConstraints.builder().maxNestingDepth(8).maxNumberLength(64).build())
          .build();

  /** One cached measurement and what it was measured with. */
  public record Entry(Rates rates, String prims, String driver) {}

  private final Path file;

  public CostModelCache(Path file) {
    this.file = file;
  }

  /** The file. */
  public Path file() {
    return file;
  }

  /** The entry for {@code rates} stamped with this prims version and {@code device}'s driver. */
  public static Entry stamped(Rates rates, DeviceInfo device) {
    return new Entry(rates, primsVersion(), driver(device));
  }

  /** Whether {@code entry} was measured with this prims version and {@code device}'s driver. */
  static boolean isCurrent(Entry entry, DeviceInfo device) {
    return entry.prims().equals(primsVersion()) && entry.driver().equals(driver(device));
  }

  /** The version of prims in use, or "development" when run from classes. */
  static String primsVersion() {
    String v = CostModelCache.class.getPackage().getImplementationVersion();
    return v == null ? "development" : v;
  }

  /** The driver of {@code device} as its backend reports it, or the JVM's version (CPU code). */
  static String driver(DeviceInfo device) {
    Map<String, String> details = device.details();
    return Optional.ofNullable(details.get("driver"))
        .or(() -> Optional.ofNullable(details.get("driverVersion")))
        .orElse("java " + System.getProperty("java.vm.version"));
  }

  /**
   * Why {@code rates} cannot be physical, or null when they can: each rate finite and within
   * [{@value #MIN_GBPS}, its maximum] GB/s, the launch overhead finite and within [0, {@value
   * #MAX_LAUNCH_MICROS}] µs.
   */
  public static String invalidity(Rates rates) {
    if (!within(rates.hostToDeviceGBps(), MIN_GBPS, MAX_HOST_TO_DEVICE_GBPS)) {
      return "hostToDeviceGBps "
          + rates.hostToDeviceGBps()
          + " is outside ["
          + MIN_GBPS
          + ", "
          + MAX_HOST_TO_DEVICE_GBPS
          + "]";
    }
    if (!within(rates.deviceGBps(), MIN_GBPS, MAX_DEVICE_GBPS)) {
      return "deviceGBps "
          + rates.deviceGBps()
          + " is outside ["
          + MIN_GBPS
          + ", "
          + MAX_DEVICE_GBPS
          + "]";
    }
    if (!within(rates.launchMicros(), 0, MAX_LAUNCH_MICROS)) {
      return "launchMicros " + rates.launchMicros() + " is outside [0, " + MAX_LAUNCH_MICROS + "]";
    }
    return null;
  }

  private static boolean within(double value, double min, double max) {
    return value >= min && value <= max;
  }

  /**
   * The valid entries of the file by key {@code backend|device}; empty when the file is missing,
   * unreadable, not this format's JSON, or of another format version. Never throws.
   */
  public Map<String, Entry> load() {
    if (!Files.isRegularFile(file)) {
      return new LinkedHashMap<>();
    }
    try {
      if (Files.size(file) > MAX_BYTES) {
        LOG.warn("ignoring cost model cache {}: larger than {} bytes", file, MAX_BYTES);
        return new LinkedHashMap<>();
      }
      try (InputStream in = Files.newInputStream(file)) {
        return parse(in.readAllBytes(), file.toString());
      }
    } catch (IOException e) {
      LOG.warn("ignoring unreadable cost model cache {}: {}", file, e.toString());
      return new LinkedHashMap<>();
    }
  }

  /**
   * The valid entries of {@code json}; empty when it is not this format's JSON. Never throws.
   *
   * @param name the file's name for warnings
   */
  public static Map<String, Entry> parse(byte[] json, String name) {
    Map<String, Entry> entries = new LinkedHashMap<>();
    try (JsonParser p = JSON.createParser(json)) {
      expect(p, JsonToken.START_OBJECT);
      int format = -1;
      Map<String, Entry> read = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals("format") && value == JsonToken.VALUE_NUMBER_INT) {
          format = p.getIntValue();
        } else if (field.equals("entries") && value == JsonToken.START_OBJECT) {
          read = entries(p, name);
        } else {
          throw new JsonParseException(p, "unexpected field '" + field + "'");
        }
      }
      if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
        throw new JsonParseException(p, "data after the object");
      }
      if (format != FORMAT) {
        LOG.warn("ignoring cost model cache {}: format {}, expected {}", name, format, FORMAT);
        return entries;
      }
      if (read != null) {
        entries.putAll(read);
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn("ignoring malformed cost model cache {}: {}", name, e.getMessage());
      entries.clear();
    }
    return entries;
  }

  private static Map<String, Entry> entries(JsonParser p, String name) throws IOException {
    Map<String, Entry> entries = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      expect(p, JsonToken.START_OBJECT);
      Map<String, Object> fields = new TreeMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (value == JsonToken.VALUE_STRING) {
          fields.put(field, p.getText());
        } else if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) {
          fields.put(field, p.getDoubleValue());
        } else {
          throw new JsonParseException(
              p, "field '" + field + "' of '" + key + "' is not a string or number");
        }
      }
      entry(key, fields, name).ifPresent(e -> entries.put(key, e));
    }
    return entries;
  }

  /** The entry of {@code key}, or empty (with a warning) when it is incomplete or not physical. */
  private static Optional<Entry> entry(String key, Map<String, Object> fields, String name) {
    int bar = key.indexOf('|');
    Object prims = fields.get("prims");
    Object driver = fields.get("driver");
    Object h2d = fields.get("hostToDeviceGBps");
    Object dev = fields.get("deviceGBps");
    Object launch = fields.get("launchMicros");
    if (bar <= 0
        || fields.size() != 5
        || !(prims instanceof String)
        || !(driver instanceof String)
        || !(h2d instanceof Double)
        || !(dev instanceof Double)
        || !(launch instanceof Double)) {
      LOG.warn("ignoring incomplete cost model entry '{}' in {}; measuring again", key, name);
      return Optional.empty();
    }
    Rates rates =
        new Rates(
            key.substring(0, bar),
            key.substring(bar + 1),
            (Double) h2d,
            (Double) dev,
            (Double) launch);
    String invalid = invalidity(rates);
    if (invalid != null) {
      LOG.warn("ignoring cost model entry '{}' in {}: {}; measuring again", key, name, invalid);
      return Optional.empty();
    }
    return Optional.of(new Entry(rates, (String) prims, (String) driver));
  }

  private static void expect(JsonParser p, JsonToken token) throws IOException {
    JsonToken got = p.nextToken();
    if (got != token) {
      throw new JsonParseException(p, "expected " + token + ", got " + got);
    }
  }

  /** The key of {@code rates}: {@code backend|device}. */
  public static String key(Rates rates) {
    return rates.backend() + "|" + rates.device();
  }

  /**
   * Writes {@code entries} (keyed by {@link #key}) atomically, replacing the file; a failure is
   * logged, not thrown (the rates are then measured again next time).
   */
  public void save(Map<String, Entry> entries) {
    try {
      Path dir = file.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, ".costmodel", ".tmp");
      try {
        try (OutputStream out = Files.newOutputStream(tmp);
            JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
          g.useDefaultPrettyPrinter();
          g.writeStartObject();
          g.writeNumberField("format", FORMAT);
          g.writeObjectFieldStart("entries");
          for (Map.Entry<String, Entry> e : new TreeMap<>(entries).entrySet()) {
            Entry entry = e.getValue();
            g.writeObjectFieldStart(e.getKey());
            g.writeStringField("prims", entry.prims());
            g.writeStringField("driver", entry.driver());
            g.writeNumberField("hostToDeviceGBps", entry.rates().hostToDeviceGBps());
            g.writeNumberField("deviceGBps", entry.rates().deviceGBps());
            g.writeNumberField("launchMicros", entry.rates().launchMicros());
            g.writeEndObject();
          }
          g.writeEndObject();
          g.writeEndObject();
        }
        AtomicReplace.move(tmp, file);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn("cannot write cost model cache {}: {}", file, e.toString());
    }
  }
}
