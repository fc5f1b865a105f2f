package dev.prims.app;

import dev.prims.engine.CostModel;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The cost model's rates as a report ({@code prims info --cost-model}, {@code prims calibrate}).
 */
final class CostModelReport {
  private CostModelReport() {}

  /**
   * {@code {"cache": FILE, "rates": {id: {device, hostToDeviceGBps, deviceGBps, launchMicros}}}}.
   */
  static Map<String, Object> of(CostModel model, Map<String, CostModel.Rates> measured) {
    Map<String, Object> rates = new LinkedHashMap<>();
    for (CostModel.Rates r : measured.values()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("device", r.device());
      row.put("hostToDeviceGBps", r.hostToDeviceGBps());
      row.put("deviceGBps", r.deviceGBps());
      row.put("launchMicros", r.launchMicros());
      rates.put(r.backend(), row);
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("cache", model.cacheFile().toString());
    result.put("rates", rates);
    return result;
  }

  /** Prints a report made by {@link #of} as text. */
  @SuppressWarnings("unchecked")
  static void print(PrintWriter out, Object report) {
    Map<String, Object> m = (Map<String, Object>) report;
    out.println("cost model for prims.backend=auto (cached in " + m.get("cache") + "):");
    ((Map<String, Map<String, Object>>) m.get("rates"))
        .forEach(
            (id, r) ->
                out.printf(
                    Locale.ROOT,
                    "  %-8s device %.1f GB/s, host-to-device %s, launch %.1f us%n",
                    id,
                    (Double) r.get("deviceGBps"),
                    (Double) r.get("hostToDeviceGBps") >= 1e5
                        ? "none (host memory)"
                        : String.format(
                            Locale.ROOT, "%.1f GB/s", (Double) r.get("hostToDeviceGBps")),
                    (Double) r.get("launchMicros")));
  }
}
