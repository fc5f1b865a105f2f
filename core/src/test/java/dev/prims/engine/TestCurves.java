package dev.prims.engine;

import dev.prims.engine.CostModel.Rates;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Cost curves and rates for tests: straight lines of a fixed overhead and a rate. */
public final class TestCurves {
  private TestCurves() {}

  /** The line of {@code fixedMicros} per call plus {@code gbps}, through 0 and 1 GiB. */
  public static CostCurve linear(double fixedMicros, double gbps) {
    long big = 1L << 30;
    return new CostCurve(
        List.of(
            new CostCurve.Point(0, fixedMicros),
            new CostCurve.Point(big, fixedMicros + big * 1e-3 / gbps)));
  }

  /** Rates of {@code backend} on {@code device} with the same line for every workload. */
  public static Rates everywhere(String backend, String device, double fixedMicros, double gbps) {
    Map<Workload, CostCurve> curves = new LinkedHashMap<>();
    Workload.all().forEach(w -> curves.put(w, linear(fixedMicros, gbps)));
    return new Rates(backend, device, curves);
  }
}
