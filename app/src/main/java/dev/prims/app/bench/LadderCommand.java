package dev.prims.app.bench;

import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.app.BackendsOption;
import dev.prims.app.JsonOption;
import dev.prims.app.Terminal;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code prims ladder}: Harris' reduction table, and the scan and histogram ladders, measured. */
@Command(
    name = "ladder",
    mixinStandardHelpOptions = true,
    description = {
      "Harris' reduction table, and the scan and histogram ladders, measured here.",
      "",
      "Reproduces the table of M. Harris, \"Optimizing Parallel Reduction in CUDA\": every reduce"
          + " variant of each backend on 2^22 device-resident ints, with time, GB/s, step and"
          + " cumulative speedup, beside the G80 figures of the paper and CUB; then the same for"
          + " the scan variants (inclusive sum) and the histogram variants (256 keys). Every"
          + " answer is checked against Java.",
      "",
      "Examples:",
      "  prims ladder",
      "  prims ladder --backends cuda --primitives reduce --json ladder.json",
      ""
    })
public final class LadderCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private BackendsOption backends;

  @Option(
      names = "--primitives",
      split = ",",
      paramLabel = "P",
      description = "reduce, scan and/or histogram (default: all three).")
  private List<String> primitives;

  @Option(
      names = "--n",
      paramLabel = "N",
      description = "Elements (default 2^22, as in the paper); counts, 2^k or 4M.")
  private String n = "2^22";

  @Option(names = "--quick", description = "Few runs per variant.")
  private boolean quick;

  @Option(names = "--no-reference", description = "Skip CUB on NVIDIA GPUs.")
  private boolean noReference;

  @Mixin private JsonOption json;

  @Override
  public Integer call() throws IOException {
    List<Long> sizes = SizeList.parse(n);
    if (sizes.size() != 1 || sizes.get(0) > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("--n must be one size below 2^31, got " + n);
    }
    int count = sizes.get(0).intValue();
    List<Primitive> chosen = primitives == null ? null : parsePrimitives(primitives);
    PrintWriter out = spec.commandLine().getOut();
    LadderRunner.Result result;
    try (Prims prims = Prims.create()) {
      result =
          new LadderRunner(
                  backends.ids() == null
                      ? null
                      : backends.ids().stream().map(String::trim).toList(),
                  chosen,
                  count,
                  quick ? TimingBudget.QUICK : TimingBudget.STANDARD,
                  !noReference,
                  Terminal.progressLines(spec.commandLine().getErr(), "prims ladder"))
              .run(prims);
    }
    Map<String, Object> report = BenchFiles.newReport("prims ladder", spec);
    report.put("n", count);
    report.put("notes", result.notes());
    report.put("rows", result.rows());
    json.emit(out, () -> print(result, out), () -> BenchFiles.json(report));
    boolean wrong = result.rows().stream().anyMatch(r -> r.check().startsWith("WRONG"));
    return wrong ? 1 : 0;
  }

  private static List<Primitive> parsePrimitives(List<String> names) {
    List<Primitive> result = new ArrayList<>();
    for (String name : names) {
      String id = name.trim().toLowerCase(Locale.ROOT);
      Primitive p =
          switch (id) {
            case "reduce" -> Primitive.REDUCE;
            case "scan" -> Primitive.SCAN;
            case "histogram" -> Primitive.HISTOGRAM;
            default ->
                throw new IllegalArgumentException(
                    "unknown ladder '" + name.trim() + "'; expected reduce, scan or histogram");
          };
      if (!result.contains(p)) {
        result.add(p);
      }
    }
    return result;
  }

  /** Prints one table per primitive, then the notes. */
  static void print(LadderRunner.Result result, PrintWriter out) {
    String format = "%-8s %-30s %-26s %10s %9s %7s %8s %8s %9s  %s%n";
    String current = null;
    for (LadderRow r : result.rows()) {
      if (!r.primitive().equals(current)) {
        current = r.primitive();
        out.println();
        out.printf(
            Locale.ROOT,
            "%s ladder, %s ints, device-resident (best of many runs after warm-up)%n",
            current,
            SizeList.describe(r.n()));
        out.printf(
            Locale.ROOT,
            format,
            "backend",
            "device",
            "variant",
            "ms",
            "GB/s",
            "step",
            "cumul.",
            "G80 ms",
            "G80 GB/s",
            "check");
      }
      out.printf(
          Locale.ROOT,
          format,
          r.backend(),
          r.device().length() <= 30 ? r.device() : r.device().substring(0, 29) + "~",
          r.variant(),
          String.format(Locale.ROOT, "%.4f", r.bestMs()),
          String.format(Locale.ROOT, "%.2f", r.gbps()),
          r.stepSpeedup() == null ? "" : String.format(Locale.ROOT, "%.2fx", r.stepSpeedup()),
          r.cumulativeSpeedup() == null
              ? ""
              : String.format(Locale.ROOT, "%.2fx", r.cumulativeSpeedup()),
          r.g80Ms() == null ? "" : String.format(Locale.ROOT, "%.3f", r.g80Ms()),
          r.g80Gbps() == null ? "" : String.format(Locale.ROOT, "%.3f", r.g80Gbps()),
          r.check());
    }
    for (String note : result.notes()) {
      out.println("note: " + note);
    }
    out.flush();
  }
}
