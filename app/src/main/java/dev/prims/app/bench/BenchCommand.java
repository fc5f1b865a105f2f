package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.Prims;
import dev.prims.app.BackendsOption;
import dev.prims.app.JsonOption;
import dev.prims.app.Terminal;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code prims bench}: the matrix of backends, primitives, types, sizes and modes, with peers. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Measures backends against the JDK, CUB and Thrust (GB/s, %% of copy bandwidth).",
      "",
      "Measures every available backend on reduce (sum, min, max), scan (inclusive, exclusive),"
          + " histogram (256 bins) and dot, for each type and size, with data already on the"
          + " device and with Java arrays in and out. Peers run in the same run: the JDK's"
          + " parallel streams, Arrays.parallelPrefix and serial loops on CPU devices; CUB and"
          + " Thrust on NVIDIA GPUs (built with nvcc on first use). GB/s counts bytes read (scan:"
          + " read + write; dot: both inputs); %%copy is the share of the device's copy bandwidth"
          + " measured in the same run; ratio is GB/s over the peer's.",
      "",
      "Examples:",
      "  prims bench --quick",
      "  prims bench --backends cuda,opencl --types float --sizes 2^20..2^28 --plot gbps.png",
      "  prims bench --primitives reduce:sum,scan:inclusive --json bench.json --csv bench.csv",
      ""
    })
public final class BenchCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private BackendsOption backends;

  @Option(
      names = "--primitives",
      paramLabel = "LIST",
      description =
          "reduce, scan, histogram, dot, or single operators such as reduce:sum, scan:exclusive"
              + " (default: these four); also argmin, argmax, moments, segreduce, reduce-by-key,"
              + " scan-by-key, sort, select, topk, and unique and rle (int and long keys in runs"
              + " of random length, mean 4, values hash(start) mod 1000: about a quarter kept).")
  private String primitives = "reduce,scan,histogram,dot";

  @Option(
      names = "--types",
      paramLabel = "LIST",
      description = "Element types (default: int,long,float,double; --quick: int,float).")
  private String types;

  @Option(
      names = "--sizes",
      paramLabel = "LIST",
      description =
          "Sizes: counts (1000000, 16M), powers (2^20) or ranges (2^16..2^28). Default "
              + BenchPlan.DEFAULT_SIZES
              + " (--quick: "
              + BenchPlan.QUICK_SIZES
              + "); sizes the memory cannot hold are skipped with a note.")
  private String sizes;

  @Option(
      names = "--modes",
      paramLabel = "LIST",
      description =
          "device (data on the device) and/or host (Java arrays in and out; scans also into"
              + " a caller's array, mode host-into, and in place, mode host-inplace).")
  private String modes = "device,host";

  @Option(
      names = "--quick",
      description = "Small sizes, two types, few runs: a smoke run of under a minute.")
  private boolean quick;

  @Option(names = "--no-reference", description = "Skip the CUB/Thrust reference on GPUs.")
  private boolean noReference;

  @Option(
      names = "--no-progress",
      description =
          "No progress bar on stderr (there is none unless stderr is a terminal, nor in CI).")
  private boolean noProgress;

  @Mixin private JsonOption json;

  @Option(
      names = "--devices",
      paramLabel = "SELECTION",
      description =
          "Also measure each backend on several devices at once (all, or a list such as 0,1), in"
              + " rows of their own beside the single device.")
  private String devices;

  @Option(names = "--csv", paramLabel = "FILE", description = "Write the rows as CSV.")
  private Path csv;

  @Option(
      names = "--plot",
      paramLabel = "FILE.png",
      description = "Draw GB/s against size, one line per backend and peer (PNG).")
  private Path plot;

  @Option(
      names = "--from",
      paramLabel = "FILE.json",
      description =
          "Measure nothing: print, --csv and --plot the rows of earlier --json results (repeat to"
              + " merge several runs).")
  private List<Path> from;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (from != null) {
      BenchResult saved = BenchFiles.readJson(from);
      write(null, saved, out);
      return 0;
    }
    BenchPlan plan = plan();
    BenchResult result;
    try (Prims prims = Prims.create();
        ProgressBar bar = noProgress || !Terminal.stderrIsInteractive() ? null : progressBar()) {
      BenchRunner.Progress progress = bar == null ? BenchRunner.Progress.NONE : progress(bar);
      result =
          new BenchRunner(
                  plan,
                  Terminal.progressLines(spec.commandLine().getErr(), "prims bench"),
                  progress)
              .devices(devices == null ? null : devices.trim())
              .run(prims);
    }
    write(plan, result, out);
    return 0;
  }

  private static void print(BenchResult result, PrintWriter out) {
    BenchTable.print(result.rows(), out);
    for (String note : result.notes()) {
      out.println("note: " + note);
    }
    out.flush();
  }

  private void write(BenchPlan plan, BenchResult result, PrintWriter out) throws IOException {
    json.emit(out, () -> print(result, out), () -> BenchFiles.json(report(plan, result)));
    if (csv != null) {
      BenchFiles.writeCsv(result.rows(), csv);
    }
    if (plot != null) {
      BenchPlot.write(result.rows(), plot);
    }
  }

  private BenchPlan plan() {
    List<DType> typeList = new ArrayList<>();
    String typeText =
        types != null ? types : quick ? BenchPlan.QUICK_TYPES : "int,long,float,double";
    for (String t : typeText.split(",")) {
      if (!t.isBlank()) {
        DType type = DType.parse(t);
        if (!typeList.contains(type)) {
          typeList.add(type);
        }
      }
    }
    if (typeList.isEmpty()) {
      throw new IllegalArgumentException("--types names no type");
    }
    List<String> modeList = new ArrayList<>();
    for (String m : modes.split(",")) {
      String mode = m.trim().toLowerCase(Locale.ROOT);
      if (mode.isEmpty()) {
        continue;
      }
      if (!mode.equals(PrimsWorkload.DEVICE) && !mode.equals(PrimsWorkload.HOST)) {
        throw new IllegalArgumentException(
            "unknown mode '" + m.trim() + "'; expected device, host");
      }
      if (!modeList.contains(mode)) {
        modeList.add(mode);
      }
    }
    if (modeList.isEmpty()) {
      throw new IllegalArgumentException("--modes names no mode");
    }
    List<String> backendList =
        backends.ids() == null
            ? null
            : backends.ids().stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
    return new BenchPlan(
        backendList,
        Operation.parseList(primitives),
        typeList,
        SizeList.parse(
            sizes != null ? sizes : quick ? BenchPlan.QUICK_SIZES : BenchPlan.DEFAULT_SIZES),
        modeList,
        quick ? TimingBudget.QUICK : TimingBudget.STANDARD,
        !noReference);
  }

  private static ProgressBar progressBar() {
    return new ProgressBarBuilder()
        .setTaskName("bench")
        .setStyle(ProgressBarStyle.ASCII)
        .setConsumer(new ConsoleProgressBarConsumer(System.err))
        .setUpdateIntervalMillis(250)
        .build();
  }

  private static BenchRunner.Progress progress(ProgressBar bar) {
    return new BenchRunner.Progress() {
      @Override
      public void start(long total) {
        bar.maxHint(total);
      }

      @Override
      public void step(String what) {
        bar.setExtraMessage(what);
        bar.step();
      }
    };
  }

  private Map<String, Object> report(BenchPlan plan, BenchResult result) {
    Map<String, Object> report = BenchFiles.newReport("prims bench", spec);
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    machine.put("arch", System.getProperty("os.arch"));
    machine.put("processors", Runtime.getRuntime().availableProcessors());
    machine.put("java", System.getProperty("java.version"));
    machine.put(
        "load_average",
        java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    machine.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
    report.put("machine", machine);
    report.put("from", from == null ? null : from.stream().map(Path::toString).toList());
    Map<String, Object> planFacts = new LinkedHashMap<>();
    if (plan == null) {
      report.put("notes", result.notes());
      report.put("rows", result.rows());
      return report;
    }
    planFacts.put(
        "operations", plan.operations().stream().map(o -> o.family() + ":" + o.op()).toList());
    planFacts.put("types", plan.types().stream().map(DType::id).toList());
    planFacts.put("sizes", plan.sizes());
    planFacts.put("modes", plan.modes());
    planFacts.put("budget", plan.budget());
    report.put("plan", planFacts);
    report.put("devices", result.devices());
    report.put("copy_bandwidth", result.copyBandwidth());
    report.put("notes", result.notes());
    report.put("rows", result.rows());
    return report;
  }
}
