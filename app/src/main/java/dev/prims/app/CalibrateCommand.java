package dev.prims.app;

import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.engine.CostModel;
import dev.prims.engine.Workload;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code prims calibrate}: measures the cost model's curves again and rewrites its cache. */
@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    description = {
      "Measures every usable backend again for prims.backend=auto (each primitive on each type,"
          + " on host arrays and on buffers, and sorts and selects of host arrays: the time per call and the rate, at sizes from 2^10"
          + " to 2^23 elements) and rewrites the cost-model cache, whatever it holds. Needed only"
          + " after a change the cache cannot see: auto measures a workload on first use, and a"
          + " new prims version, driver or device, or an implausible entry, again by itself.",
      ""
    })
final class CalibrateCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = "--config",
      paramLabel = "KEY=VALUE",
      description =
          "A configuration key, e.g. --config prims.costmodel.cache=FILE or"
              + " --config prims.opencl.platform=Portable.")
  private Map<String, String> config = new LinkedHashMap<>();

  @Option(
      names = "--primitives",
      split = ",",
      paramLabel = "P",
      description =
          "Primitives to measure: reduce, scan, histogram, dot, sort, select (default: all; sort"
              + " and select on host arrays only).")
  private List<String> primitives = List.of("reduce", "scan", "histogram", "dot", "sort", "select");

  @Option(
      names = "--modes",
      split = ",",
      paramLabel = "M",
      description = "host (Java arrays in and out), device (buffers) or both (default).")
  private List<String> modes = List.of("host", "device");

  @Mixin private JsonOption json;

  @Override
  public Integer call() throws java.io.IOException {
    List<Workload> workloads = workloads();
    PrimsConfig.Builder builder = PrimsConfig.builder();
    config.forEach(builder::set);
    try (Prims prims = Prims.create(builder.backend("auto").build())) {
      CostModel model = prims.costModel();
      Map<String, Object> report = CostModelReport.of(model, model.calibrate(workloads));
      PrintWriter out = spec.commandLine().getOut();
      json.emit(out, () -> CostModelReport.print(out, report), () -> JsonOutput.write(report));
    }
    return 0;
  }

  /** The workloads of the chosen primitives and modes, every type. */
  private List<Workload> workloads() {
    Set<Workload.Kind> chosen = EnumSet.noneOf(Workload.Kind.class);
    for (String p : primitives) {
      chosen.add(
          Arrays.stream(Workload.Kind.values())
              .filter(v -> v.id().equals(p.trim()))
              .findFirst()
              .orElseThrow(
                  () ->
                      new BadInputException(
                          "unknown primitive '"
                              + p
                              + "'; known: reduce, scan, histogram, dot, sort, select")));
    }
    Set<Boolean> host = new HashSet<>();
    for (String m : modes) {
      switch (m.trim()) {
        case "host" -> host.add(true);
        case "device" -> host.add(false);
        default -> throw new BadInputException("unknown mode '" + m + "'; known: host, device");
      }
    }
    List<Workload> workloads = new ArrayList<>();
    for (Workload w : Workload.all()) {
      if (chosen.contains(w.kind()) && host.contains(w.host())) {
        workloads.add(w);
      }
    }
    return workloads;
  }
}
