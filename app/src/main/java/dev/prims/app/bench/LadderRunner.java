package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.engine.FailureMessages;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs the ladders: every variant of reduce (sum), scan (inclusive sum) and histogram (256 integer
 * keys) on each chosen backend, on device-resident ints, each answer checked against Java, with the
 * CUB reference beside them on NVIDIA GPUs.
 */
public final class LadderRunner {
  /** What a ladder run produced. */
  public record Result(List<LadderRow> rows, List<String> notes) {}

  private static final List<Primitive> PRIMITIVES =
      List.of(Primitive.REDUCE, Primitive.SCAN, Primitive.HISTOGRAM);

  private final List<String> backends;
  private final List<Primitive> primitives;
  private final int n;
  private final Stopwatch stopwatch;
  private final boolean references;
  private final Consumer<String> log;
  private final List<String> notes = new ArrayList<>();

  /**
   * @param backends backend ids, or null for every available one
   * @param primitives primitives to climb, or null for reduce, scan and histogram
   */
  public LadderRunner(
      List<String> backends,
      List<Primitive> primitives,
      int n,
      TimingBudget budget,
      boolean references,
      Consumer<String> log) {
    this.backends = backends;
    this.primitives = primitives == null ? PRIMITIVES : primitives;
    this.n = n;
    this.stopwatch = new Stopwatch(budget);
    this.references = references;
    this.log = log;
  }

  /** Runs every ladder on the backends of {@code prims}. */
  public Result run(Prims prims) {
    List<BenchTarget> targets = targets(prims);
    if (targets.stream().noneMatch(BenchTarget::gpu)) {
      notes.add(
          "no GPU among the backends here: the ladders run on "
              + (targets.isEmpty()
                  ? "nothing"
                  : String.join(
                      ", ",
                      targets.stream().map(t -> t.id() + " (" + t.deviceName() + ")").toList()))
              + ", so they show the variants' relative cost on that device, not Harris' GPU steps");
    }
    Map<CubRequest, CubResult> reference = reference(targets);
    DataSet data = new DataSet(DType.INT, n);
    List<LadderRow> rows = new ArrayList<>();
    for (Primitive primitive : primitives) {
      for (BenchTarget target : targets) {
        climb(target, primitive, data, rows);
      }
      CubResult cub = reference.get(request(primitive));
      if (cub != null && cub.ok()) {
        rows.add(
            new LadderRow(
                "cub",
                cub.device(),
                primitive.id(),
                BenchRunner.referenceName("cub", operation(primitive)),
                n,
                cub.bestMs(),
                cub.medianMs(),
                cub.gbps(),
                null,
                null,
                null,
                null,
                "checksum " + (long) cub.checksum()));
      } else if (cub != null) {
        notes.add("CUB " + primitive.id() + ": " + cub.error());
      }
    }
    return new Result(rows, notes);
  }

  /** Notes {@code what} of {@code variant} of {@code primitive} on {@code target}. */
  private void note(BenchTarget target, Primitive primitive, String variant, String what) {
    notes.add(target.id() + " " + primitive.id() + " " + variant + " " + what);
  }

  private List<BenchTarget> targets(Prims prims) {
    return BenchTarget.openAll(prims, BenchTarget.availableIds(prims, backends, notes), notes);
  }

  private Map<CubRequest, CubResult> reference(List<BenchTarget> targets) {
    if (!references || targets.stream().noneMatch(BenchTarget::gpu)) {
      return Map.of();
    }
    Optional<CubReference> cub = CubReference.locate(log).orNote("CUB reference", notes);
    if (cub.isEmpty()) {
      return Map.of();
    }
    int device = BenchTarget.cudaDevice(targets);
    return cub.get().run(primitives.stream().map(this::request).toList(), device);
  }

  private CubRequest request(Primitive primitive) {
    return new CubRequest("cub", operation(primitive), DType.INT, n, 100);
  }

  private static Operation operation(Primitive primitive) {
    return switch (primitive) {
      case REDUCE -> Operation.REDUCE_SUM;
      case SCAN -> Operation.SCAN_INCLUSIVE;
      case HISTOGRAM -> Operation.HISTOGRAM;
      case DOT -> Operation.DOT;
    };
  }

  private void climb(BenchTarget target, Primitive primitive, DataSet data, List<LadderRow> rows) {
    List<String> variants =
        HarrisFigures.ladderOrder(primitive, target.backend().variants(primitive));
    Double first = null;
    Double previous = null;
    for (String variant : variants) {
      Prims view = target.view().variant(primitive, variant);
      try {
        Provenance where = PrimsWorkload.probe(view, operation(primitive), DType.INT);
        if (!where.device().equals(target.deviceName())) {
          note(
              target,
              primitive,
              variant,
              "skipped: it ran on " + where.device() + " instead of " + target.deviceName());
          continue;
        }
        Measured m = measure(view, target, primitive, data);
        double ms = m.timing().bestMs();
        rows.add(
            new LadderRow(
                target.id(),
                target.deviceName(),
                primitive.id(),
                variant,
                n,
                ms,
                m.timing().medianMs(),
                m.timing().gbps(operation(primitive).bytes(DType.INT, n)),
                previous == null ? null : previous / ms,
                first == null ? 1.0 : first / ms,
                primitive == Primitive.REDUCE ? HarrisFigures.G80_MS.get(variant) : null,
                primitive == Primitive.REDUCE ? HarrisFigures.G80_GBPS.get(variant) : null,
                m.check()));
        first = first == null ? ms : first;
        previous = ms;
      } catch (RuntimeException e) {
        note(
            target,
            primitive,
            variant,
            "failed: " + BenchRunner.firstLine(FailureMessages.describe(e, "a ladder run")));
      }
    }
  }

  private record Measured(Timing timing, String check) {}

  private Measured measure(Prims view, BenchTarget target, Primitive primitive, DataSet data) {
    int[] values = (int[]) data.values();
    switch (primitive) {
      case REDUCE -> {
        try (DeviceBuffer input = view.upload(values)) {
          Timing t = time(target, () -> view.reduce(input, ReduceOp.SUM));
          int expected = 0;
          for (int v : values) {
            expected += v;
          }
          int got = view.reduce(input, ReduceOp.SUM).asInt();
          return new Measured(t, check(got == expected, expected, got));
        }
      }
      case SCAN -> {
        try (DeviceBuffer input = view.upload(values);
            DeviceBuffer output = view.allocate(DType.INT, values.length)) {
          Timing t = time(target, () -> view.scan(input, output, ReduceOp.SUM, ScanKind.INCLUSIVE));
          int[] expected = values.clone();
          Arrays.parallelPrefix(expected, Integer::sum);
          int[] got = new int[values.length];
          view.download(output, got);
          return new Measured(t, compare("at", expected, got));
        }
      }
      default -> {
        int[] keys = (int[]) data.histogramInput();
        HistogramSpec spec = HistogramSpec.keys(Operation.BINS);
        try (DeviceBuffer input = view.upload(keys);
            DeviceBuffer counts = view.allocate(DType.LONG, Operation.BINS)) {
          Timing t = time(target, () -> view.histogram(input, spec, counts));
          long[] expected = new long[Operation.BINS];
          for (int k : keys) {
            expected[k]++;
          }
          long[] got = new long[Operation.BINS];
          view.download(counts, got);
          return new Measured(t, compare("in bin", expected, got));
        }
      }
    }
  }

  private Timing time(BenchTarget target, Supplier<?> call) {
    return stopwatch.time(() -> target.backend().deviceMillis(call::get));
  }

  private static String check(boolean ok, long expected, long got) {
    return ok ? "ok" : "WRONG: expected " + expected + ", got " + got;
  }

  /**
   * "ok", or where the int or long array {@code got} first differs from {@code expected} ("WRONG"
   * {@code where} index).
   */
  private static String compare(String where, Object expected, Object got) {
    int mismatch =
        expected instanceof int[] e
            ? Arrays.mismatch(e, (int[]) got)
            : Arrays.mismatch((long[]) expected, (long[]) got);
    return mismatch < 0
        ? "ok"
        : "WRONG %s %d: expected %s, got %s"
            .formatted(where, mismatch, Array.get(expected, mismatch), Array.get(got, mismatch));
  }
}
