package dev.prims.app.conformance;

import dev.prims.Prims;
import dev.prims.app.BackendsOption;
import dev.prims.app.JsonOption;
import dev.prims.app.Terminal;
import dev.prims.app.bench.BenchFiles;
import dev.prims.app.bench.BenchRunner;
import dev.prims.spi.Availability;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code prims conformance}: the conformance suite against every backend and device here. */
@Command(
    name = "conformance",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the conformance suite on every backend and device here.",
      "",
      "Runs the conformance suite (the conformance module, through the JUnit Platform launcher)"
          + " against every available backend and device on this machine, each OpenCL platform"
          + " separately, and prints a pass/fail matrix with the first failure of each cell."
          + " Backends whose hardware or driver is absent are listed, not failed. Exit code 0"
          + " only when everything available passed.",
      "",
      "Examples:",
      "  prims conformance",
      "  prims conformance --backends cpu,opencl --json conformance.json",
      ""
    })
public final class ConformanceCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private BackendsOption backends;

  @Option(
      names = "--primitives",
      split = ",",
      paramLabel = "NAME",
      description =
          "Conformance classes to run: reduce, scan, histogram, dot, engine, buffer, async,"
              + " callerarray, argreduce, moments, segment, sort, select, unique (default: all).")
  private List<String> primitives;

  @Option(
      names = "--devices",
      paramLabel = "SELECTION",
      description =
          "Run each backend on this device selection only: an index, all, or a list such as 0,1"
              + " (the multi-device engine; a repeated device such as 0,0 runs it on one device).")
  private String devices;

  @Mixin private JsonOption json;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    Consumer<String> progress =
        Terminal.progressLines(spec.commandLine().getErr(), "prims conformance");
    List<String> chosen = cells();
    Map<String, Availability> availability;
    try (Prims prims = Prims.create()) {
      availability = prims.backends();
    }
    List<String> given = backends.ids();
    List<String> ids = given == null ? new ArrayList<>(availability.keySet()) : given;
    List<ConformanceOutcome> outcomes = new ArrayList<>();
    for (String raw : ids) {
      String id = raw.trim();
      Availability a = availability.get(id);
      if (a == null) {
        throw new IllegalArgumentException(
            "unknown backend '" + id + "'; known: " + String.join(", ", availability.keySet()));
      }
      if (!a.available()) {
        outcomes.add(
            new ConformanceOutcome(
                id,
                id,
                Map.of(),
                a.hardwareAbsent() ? "absent" : "broken",
                BenchRunner.firstLine(a.reason()),
                Map.of(),
                0));
        continue;
      }
      List<ConformanceTarget> targets =
          devices == null
              ? ConformanceTarget.of(id, a)
              : List.of(ConformanceTarget.devices(id, devices.trim()));
      for (ConformanceTarget target : targets) {
        progress.accept("running the suite on " + target.label());
        long start = System.nanoTime();
        Map<String, ConformanceCell> cells = ConformanceSuite.run(target, chosen);
        boolean failed = cells.values().stream().anyMatch(c -> c.failed() > 0);
        boolean ran = cells.values().stream().anyMatch(c -> c.passed() + c.failed() > 0);
        outcomes.add(
            new ConformanceOutcome(
                id,
                target.label(),
                target.configuration(),
                failed ? "fail" : ran ? "pass" : "absent",
                ran ? null : "every test was skipped",
                cells,
                (System.nanoTime() - start) / 1e9));
      }
    }
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("tool", "prims conformance");
    report.put("date", Instant.now().toString());
    report.put("java", System.getProperty("java.version"));
    report.put("passed", outcomes.stream().noneMatch(ConformanceOutcome::failing));
    report.put("targets", outcomes);
    json.emit(out, () -> print(outcomes, chosen, out), () -> BenchFiles.json(report));
    return outcomes.stream().anyMatch(ConformanceOutcome::failing) ? 1 : 0;
  }

  /** Prints the matrix (target by conformance class) and the first failure of each cell. */
  static void print(List<ConformanceOutcome> outcomes, List<String> names, PrintWriter out) {
    int width = 12;
    for (ConformanceOutcome o : outcomes) {
      width = Math.max(width, Math.min(o.target().length(), 60));
    }
    StringBuilder header = new StringBuilder(pad("backend/device", width));
    for (String name : names) {
      header.append("  ").append(pad(name, 22));
    }
    out.println(header.toString().stripTrailing());
    for (ConformanceOutcome o : outcomes) {
      StringBuilder line = new StringBuilder(pad(shorten(o.target(), width), width));
      if (o.cells().isEmpty()) {
        line.append("  ").append(o.status()).append(": ").append(o.reason());
      } else {
        for (String name : names) {
          line.append("  ")
              .append(pad(o.cells().getOrDefault(name, ConformanceCell.EMPTY).summary(), 22));
        }
      }
      out.println(line.toString().stripTrailing());
    }
    boolean anyFailure = false;
    for (ConformanceOutcome o : outcomes) {
      for (Map.Entry<String, ConformanceCell> cell : o.cells().entrySet()) {
        if (cell.getValue().firstFailure() != null) {
          if (!anyFailure) {
            out.println();
            out.println("first failures:");
            anyFailure = true;
          }
          out.println(
              "  " + o.target() + " / " + cell.getKey() + ": " + cell.getValue().firstFailure());
        }
      }
    }
    long failing = outcomes.stream().filter(ConformanceOutcome::failing).count();
    long passing = outcomes.stream().filter(o -> o.status().equals("pass")).count();
    long absent = outcomes.stream().filter(o -> o.status().equals("absent")).count();
    out.println();
    out.println(
        String.format(
            Locale.ROOT,
            "%d target(s) passed, %d failed, %d absent here",
            passing,
            failing,
            absent));
    out.flush();
  }

  private List<String> cells() {
    List<String> all = ConformanceSuite.cellNames();
    if (primitives == null) {
      return all;
    }
    List<String> chosen = new ArrayList<>();
    for (String p : primitives) {
      String name = p.trim().toLowerCase(Locale.ROOT);
      if (!all.contains(name)) {
        throw new IllegalArgumentException(
            "unknown conformance class '" + p.trim() + "'; expected " + String.join(", ", all));
      }
      if (!chosen.contains(name)) {
        chosen.add(name);
      }
    }
    return chosen;
  }

  private static String pad(String text, int width) {
    return text.length() >= width ? text : text + " ".repeat(width - text.length());
  }

  private static String shorten(String text, int width) {
    return text.length() <= width ? text : text.substring(0, width - 1) + "~";
  }
}
