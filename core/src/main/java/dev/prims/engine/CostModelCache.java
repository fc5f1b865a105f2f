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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cost model's cache file: measured curves per backend and device, each entry stamped with the
 * prims version and driver it was measured with, each curve a few points (bytes moved, best
 * microseconds) of one {@link Workload}.
 *
 * <pre>{@code
 * {"format": 3,
 *  "entries": {"cuda|NVIDIA H100": {"prims": "0.1.0", "driver": "13.0",
 *                                   "workloads": {"reduce.float.host": [[4096, 25.1], [67108864, 1520.3]],
 *                                                 "histogram.float.host": [[4096, 30.2], ...]}}}}
 * }</pre>
 *
 * <p>Reading is strict: a file that is not this JSON, or of another format, counts as empty; an
 * entry that is incomplete is left out, and a curve that is not physical ({@link
 * CostCurve#invalidity}) or names no known workload is left out of its entry (with a warning), so
 * that it is measured again and the entry rewritten.
 */
public final class CostModelCache {
  private static final Logger LOG = LoggerFactory.getLogger(CostModelCache.class);

  /** The format version this class reads and writes. */
  public static final int FORMAT = 3;

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

  /** Why {@code rates} cannot be physical (naming the workload), or null when they can. */
  public static String invalidity(Rates rates) {
    for (Map.Entry<Workload, CostCurve> e : rates.curves().entrySet()) {
      String invalid = e.getValue().invalidity();
      if (invalid != null) {
        return e.getKey().key() + ": " + invalid;
      }
    }
    return null;
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
      String prims = null;
      String driver = null;
      Map<Workload, CostCurve> curves = null;
      int fields = 0;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        fields++;
        if (field.equals("prims") && value == JsonToken.VALUE_STRING) {
          prims = p.getText();
        } else if (field.equals("driver") && value == JsonToken.VALUE_STRING) {
          driver = p.getText();
        } else if (field.equals("workloads") && value == JsonToken.START_OBJECT) {
          curves = curves(p, key, name);
        } else {
          throw new JsonParseException(p, "unexpected field '" + field + "' of '" + key + "'");
        }
      }
      int bar = key.indexOf('|');
      if (bar <= 0 || fields != 3 || prims == null || driver == null || curves == null) {
        LOG.warn("ignoring incomplete cost model entry '{}' in {}; measuring again", key, name);
        continue;
      }
      Rates rates = new Rates(key.substring(0, bar), key.substring(bar + 1), curves);
      entries.put(key, new Entry(rates, prims, driver));
    }
    return entries;
  }

  /** The physical curves of one entry's {@code workloads} object, by workload. */
  private static Map<Workload, CostCurve> curves(JsonParser p, String key, String name)
      throws IOException {
    Map<Workload, CostCurve> curves = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      expect(p, JsonToken.START_ARRAY);
      List<CostCurve.Point> points = new ArrayList<>();
      while (p.nextToken() == JsonToken.START_ARRAY) {
        long bytes = number(p).longValue();
        double micros = number(p).doubleValue();
        expect(p, JsonToken.END_ARRAY);
        if (points.size() < CostCurve.MAX_POINTS + 1) {
          points.add(new CostCurve.Point(bytes, micros));
        }
      }
      if (p.currentToken() != JsonToken.END_ARRAY) {
        throw new JsonParseException(p, "expected points [bytes, micros] in '" + field + "'");
      }
      Workload workload = Workload.parse(field);
      CostCurve curve = new CostCurve(points);
      String invalid = workload == null ? "no such workload" : curve.invalidity();
      if (invalid != null || curves.containsKey(workload)) {
        LOG.warn(
            "ignoring cost model curve '{}' of '{}' in {}: {}; measuring again",
            field,
            key,
            name,
            invalid != null ? invalid : "given twice");
        continue;
      }
      curves.put(workload, curve);
    }
    return curves;
  }

  private static Number number(JsonParser p) throws IOException {
    JsonToken t = p.nextToken();
    if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
      throw new JsonParseException(p, "expected a number, got " + t);
    }
    return t == JsonToken.VALUE_NUMBER_INT ? (Number) p.getLongValue() : p.getDoubleValue();
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
            g.writeObjectFieldStart("workloads");
            for (Map.Entry<Workload, CostCurve> c : entry.rates().curves().entrySet()) {
              g.writeArrayFieldStart(c.getKey().key());
              for (CostCurve.Point point : c.getValue().points()) {
                g.writeStartArray();
                g.writeNumber(point.bytes());
                g.writeNumber(point.micros());
                g.writeEndArray();
              }
              g.writeEndArray();
            }
            g.writeEndObject();
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
