package dev.prims.app;

import dev.prims.engine.CostCurve;
import dev.prims.engine.CostModel;
import dev.prims.engine.Workload;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cost model's curves as a report ({@code prims info --cost-model}, {@code prims calibrate}).
 */
final class CostModelReport {
  private CostModelReport() {}

  /**
   * {@code {"cache": FILE, "rates": {id: {"device": NAME, "workloads": {key: {"fixedMicros",
   * "GBps", "points": [[bytes, micros], ...]}}}}}}.
   */
  static Map<String, Object> of(CostModel model, Map<String, CostModel.Rates> measured) {
    Map<String, Object> rates = new LinkedHashMap<>();
    for (CostModel.Rates r : measured.values()) {
      Map<String, Object> workloads = new LinkedHashMap<>();
      for (Map.Entry<Workload, CostCurve> e : r.curves().entrySet()) {
        CostCurve c = e.getValue();
        List<List<Number>> points = new ArrayList<>();
        c.points().forEach(p -> points.add(List.of(p.bytes(), p.micros())));
        Map<String, Object> curve = new LinkedHashMap<>();
        curve.put("fixedMicros", c.fixedMicros());
        curve.put("GBps", c.gbps());
        curve.put("points", points);
        workloads.put(e.getKey().key(), curve);
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("device", r.device());
      row.put("workloads", workloads);
      rates.put(r.backend(), row);
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("cache", model.cacheFile().toString());
    result.put("rates", rates);
    return result;
  }

  /** Prints a report made by {@link #of} as text: one line per backend and workload. */
  @SuppressWarnings("unchecked")
  static void print(PrintWriter out, Object report) {
    Map<String, Object> m = (Map<String, Object>) report;
    out.println("cost model for prims.backend=auto (cached in " + m.get("cache") + "):");
    Map<String, Map<String, Object>> rates = (Map<String, Map<String, Object>>) m.get("rates");
    if (rates.values().stream().allMatch(r -> ((Map<?, ?>) r.get("workloads")).isEmpty())) {
      out.println("  nothing measured yet: auto measures each workload on first use,");
      out.println("  prims calibrate measures them all");
    }
    rates.forEach(
        (id, r) ->
            ((Map<String, Map<String, Object>>) r.get("workloads"))
                .forEach(
                    (key, c) ->
                        out.printf(
                            Locale.ROOT,
                            "  %-8s %-22s %9.1f us per call, %9.2f GB/s%n",
                            id,
                            key,
                            (Double) c.get("fixedMicros"),
                            (Double) c.get("GBps"))));
  }
}
