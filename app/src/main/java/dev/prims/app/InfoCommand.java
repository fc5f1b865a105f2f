package dev.prims.app;

import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.DeviceInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code prims info}: every discovered backend, available or not, with devices and versions. */
@Command(
    name = "info",
    mixinStandardHelpOptions = true,
    description =
        "Lists every discovered backend, whether it can run here (and why not), its devices,"
            + " algorithm variants (default first) and versions, and the Java runtime.")
final class InfoCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private JsonOption json;

  @Option(
      names = "--cost-model",
      description =
          "Also show the numbers prims.backend=auto decides by: per backend and workload"
              + " (primitive, type, host arrays or buffers) the time per call and the rate, as"
              + " measured so far and cached (auto measures a workload on first use; prims"
              + " calibrate measures them all).")
  private boolean costModel;

  @Override
  public Integer call() throws IOException {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("java", javaInfo());
    report.put("os", osInfo());
    List<Map<String, Object>> backends = new ArrayList<>();
    try (Prims prims = Prims.create(PrimsConfig.builder().backend("auto").build())) {
      for (Map.Entry<String, Availability> e : prims.backends().entrySet()) {
        Map<String, Object> b =
            backendInfo(e.getKey(), prims.registry().provider(e.getKey()).priority(), e.getValue());
        if (e.getValue().available()) {
          b.put("variants", variants(prims, e.getKey()));
          ledger(prims, e.getKey()).ifPresent(l -> b.put("ledger", l));
          devicesInUse(prims, e.getKey()).ifPresent(d -> b.put("engineDevices", d));
        }
        backends.add(b);
      }
      if (costModel) {
        report.put("costModel", CostModelReport.of(prims.costModel(), prims.costModel().rates()));
      }
    }
    report.put("backends", backends);
    PrintWriter out = spec.commandLine().getOut();
    json.emit(
        out,
        () -> {
          printText(out, report, backends);
          if (costModel) {
            CostModelReport.print(out, report.get("costModel"));
          }
        },
        () -> JsonOutput.write(report));
    return 0;
  }

  /**
   * The algorithm variants of each primitive, default first, from the opened backend; an error text
   * when it does not open.
   */
  private static Object variants(Prims prims, String id) {
    try {
      Backend backend = prims.registry().open(id);
      Map<String, List<String>> variants = new LinkedHashMap<>();
      for (Primitive p : Primitive.values()) {
        variants.put(p.id(), backend.variants(p));
      }
      return variants;
    } catch (RuntimeException e) {
      return "cannot open: " + e.getMessage();
    }
  }

  /**
   * The devices of the opened backend when {@code prims.device} spans several ({@code all} or a
   * list), or empty for one device or a backend that does not open.
   */
  private static java.util.Optional<String> devicesInUse(Prims prims, String id) {
    try {
      Backend backend = prims.registry().open(id);
      return backend instanceof dev.prims.engine.multidevice.MultiDeviceBackend
          ? java.util.Optional.of(backend.device().name())
          : java.util.Optional.empty();
    } catch (RuntimeException e) {
      return java.util.Optional.empty();
    }
  }

  /**
   * What the opened backend's memory ledger holds (bytes it allocated and has not freed: buffers,
   * scratch, pinned staging), or empty when it keeps none or does not open.
   */
  private static java.util.Optional<Map<String, Object>> ledger(Prims prims, String id) {
    try {
      return prims
          .registry()
          .open(id)
          .ledger()
          .map(
              l -> {
                var usage = l.usage();
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("buffers", usage.buffers());
                m.put("bufferBytes", usage.bufferBytes());
                m.put("scratchBytes", usage.scratchBytes());
                m.put("stagingBytes", usage.stagingBytes());
                m.put("text", usage.toString());
                return m;
              });
    } catch (RuntimeException e) {
      return java.util.Optional.empty();
    }
  }

  private static Map<String, Object> javaInfo() {
    Map<String, Object> java = new LinkedHashMap<>();
    java.put("version", System.getProperty("java.version"));
    java.put("vendor", System.getProperty("java.vendor"));
    java.put("vm", System.getProperty("java.vm.name"));
    java.put("processors", Runtime.getRuntime().availableProcessors());
    java.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
    return java;
  }

  private static Map<String, Object> osInfo() {
    Map<String, Object> os = new LinkedHashMap<>();
    os.put("name", System.getProperty("os.name"));
    os.put("version", System.getProperty("os.version"));
    os.put("arch", System.getProperty("os.arch"));
    return os;
  }

  private static Map<String, Object> backendInfo(String id, int priority, Availability a) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("id", id);
    b.put("priority", priority);
    b.put("available", a.available());
    if (!a.available()) {
      b.put("reason", a.reason());
      b.put("hardwareAbsent", a.hardwareAbsent());
    }
    List<Map<String, Object>> devices = new ArrayList<>();
    for (DeviceInfo d : a.devices()) {
      Map<String, Object> device = new LinkedHashMap<>();
      device.put("index", d.index());
      device.put("name", d.name());
      device.put("memoryBytes", d.memoryBytes());
      device.put("computeUnits", d.computeUnits());
      device.put("details", new TreeMap<>(d.details()));
      devices.add(device);
    }
    b.put("devices", devices);
    b.put("versions", new TreeMap<>(a.versions()));
    return b;
  }

  @SuppressWarnings("unchecked")
  private static void printText(
      PrintWriter out, Map<String, Object> report, List<Map<String, Object>> backends) {
    Map<String, Object> java = (Map<String, Object>) report.get("java");
    Map<String, Object> os = (Map<String, Object>) report.get("os");
    out.printf(
        "Java %s (%s), %s processors, max heap %s; %s %s %s%n",
        java.get("version"),
        java.get("vendor"),
        java.get("processors"),
        bytes((Long) java.get("maxHeapBytes")),
        os.get("name"),
        os.get("version"),
        os.get("arch"));
    if (backends.isEmpty()) {
      out.println("no backends found on the class path");
    }
    for (Map<String, Object> b : backends) {
      boolean available = (Boolean) b.get("available");
      out.printf(
          "%-8s %s%n",
          b.get("id"),
          available
              ? "available (priority " + b.get("priority") + ")"
              : ((Boolean) b.get("hardwareAbsent") ? "absent: " : "broken: ")
                  + firstLine((String) b.get("reason")));
      for (Map<String, Object> d : (List<Map<String, Object>>) b.get("devices")) {
        long memory = (Long) d.get("memoryBytes");
        out.printf(
            "  device %s: %s, %s compute units%s%n",
            d.get("index"),
            d.get("name"),
            d.get("computeUnits"),
            memory > 0 ? ", " + bytes(memory) : "");
        Map<String, String> details = (Map<String, String>) d.get("details");
        if (!details.isEmpty()) {
          out.println("    " + joined(details));
        }
      }
      Object variants = b.get("variants");
      if (variants instanceof Map) {
        List<String> parts = new ArrayList<>();
        ((Map<String, List<String>>) variants)
            .forEach((p, v) -> parts.add(p + ": " + String.join(", ", v)));
        out.println("  variants: " + String.join("; ", parts));
      } else if (variants != null) {
        out.println("  variants: " + firstLine((String) variants));
      }
      Object engineDevices = b.get("engineDevices");
      if (engineDevices != null) {
        out.println("  engine on: " + engineDevices + " (prims.device)");
      }
      Object ledger = b.get("ledger");
      if (ledger instanceof Map) {
        out.println("  memory held: " + ((Map<String, Object>) ledger).get("text"));
      }
      Map<String, String> versions = (Map<String, String>) b.get("versions");
      if (!versions.isEmpty()) {
        out.println("  versions: " + joined(versions));
      }
    }
  }

  private static String firstLine(String reason) {
    List<String> lines = reason.strip().lines().collect(Collectors.toList());
    return lines.size() <= 1
        ? reason.strip()
        : lines.get(0).strip() + " (full reason: prims info --json)";
  }

  private static String joined(Map<String, String> map) {
    List<String> parts = new ArrayList<>();
    map.forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(", ", parts);
  }

  private static String bytes(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
  }
}
