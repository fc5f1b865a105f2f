package dev.prims.app;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.ScanResult;
import dev.prims.SortOrder;
import dev.prims.SortResult;
import dev.prims.app.DataGenerator.Distribution;
import dev.prims.app.npy.NpyFormatException;
import dev.prims.app.npy.NpyReader;
import dev.prims.conformance.Calls;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Array;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code prims run
 * reduce|scan|histogram|dot|argmin|argmax|moments|sort|select|partition|topk|unique|rle}: one
 * primitive on a .npy file or generated data.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs one primitive on a NumPy .npy file (1-D int32, int64, float32 or float64) or on"
          + " generated data, and prints the answer with the backend and device that computed it.",
      "",
      "Examples:",
      "  prims run reduce --n 100000000 --type float",
      "  prims run reduce --input x.npy --op max --backend cpu --json",
      "  prims run scan --input x.npy --exclusive --output prefix.npy",
      "  prims run histogram --input keys.npy --bins 256",
      "  prims run histogram --n 1000000 --dist normal --bins 64 --lower -4 --upper 4",
      "  prims run dot --input a.npy --input2 b.npy",
      "  prims run argmax --input x.npy",
      "  prims run moments --n 16M --type double --dist normal",
      "  prims run segreduce --n 16M --segment 64 --op max",
      "  prims run segreduce --input x.npy --segment 100 --op argmax --indices at.npy",
      "  prims run scan-by-key --input x.npy --segment 1000 --exclusive",
      "  prims run sort --input keys.npy --descending --output sorted.npy",
      "  prims run select --input x.npy --where 'x > 0 and x != 7' --output kept.npy",
      "  prims run partition --input x.npy --where 'x in [0, 1)' --output parted.npy",
      "  prims run topk --input x.npy --k 100 --largest --output top.npy --indices at.npy",
      "  prims run rle --input keys.npy --output values.npy --lengths lengths.npy",
      ""
    })
final class RunCommand implements Callable<Integer> {
  private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;
  private static final long DEFAULT_SEED = 42;

  @Spec private CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "PRIMITIVE",
      description =
          "reduce, scan, histogram, dot, argmin, argmax, moments, sort, select, partition,"
              + " topk, unique (drop consecutive duplicates) or rle (run-length encode); or"
              + " segreduce, segscan"
              + " (segments of --segment elements), reduce-by-key, scan-by-key (runs of --segment"
              + " equal keys).")
  private String primitiveName;

  @Option(
      names = "--segment",
      paramLabel = "L",
      description =
          "Elements per segment of segreduce and segscan, per run of equal keys of reduce-by-key"
              + " and scan-by-key (default "
              + SegmentRun.DEFAULT_LENGTH
              + ").")
  private Integer segment;

  /** The segmented operation asked for (SegmentRun), or null. */
  private String segmented;

  @Option(names = "--input", paramLabel = "FILE.npy", description = "Input array (.npy).")
  private Path input;

  @Option(
      names = "--input2",
      paramLabel = "FILE.npy",
      description = "Second input of dot (.npy, same dtype and length as --input).")
  private Path input2;

  @Option(
      names = "--n",
      paramLabel = "N",
      converter = SizeOption.Converter.class,
      description = "Generate N elements instead of --input (1000000, 16M, 1e6 or 2^20).")
  private Long n;

  @Option(
      names = "--type",
      paramLabel = "TYPE",
      description =
          "Generated element type: int, long, float or double (default float; int for"
              + " histograms with integer keys, unique and rle).")
  private String typeName;

  @Option(
      names = "--dist",
      paramLabel = "DIST",
      description =
          "Generated values: uniform (float/double in [0,1), integers over their whole range),"
              + " normal (float/double N(0,1), integers N(0,1000) rounded) or ints (whole"
              + " numbers in [0,1000)). Default uniform; ints for histograms with integer keys,"
              + " unique and rle.")
  private String distName;

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "Seed of the generated data (default " + DEFAULT_SEED + ").")
  private Long seed;

  @Option(
      names = "--op",
      paramLabel = "OP",
      description =
          "reduce and scan operator: sum, min, max, prod, and, or, xor (default sum); segreduce"
              + " also takes argmin and argmax (the first extreme element of each segment and"
              + " its index).")
  private String opName;

  @Option(names = "--exclusive", description = "Exclusive scan (default inclusive).")
  private boolean exclusive;

  @Option(names = "--descending", description = "Sort in descending order (default ascending).")
  private boolean descending;

  /** Whether the primitive is sort (run on the scan path, see SortCalls). */
  private boolean sorting;

  /** select, partition or topk (SelectRun), or null. */
  private String selecting;

  @Option(
      names = "--where",
      paramLabel = "EXPR",
      description =
          "select/partition condition: x < c, x <= c, x > c, x >= c, x == c, x != c,"
              + " x in [a, b], x in [a, b), notnan, joined by and, or, parentheses.")
  private String where;

  @Option(
      names = "--flags",
      paramLabel = "FILE.npy",
      description = "select/partition: keep the values whose int32 flag here is not 0.")
  private Path flags;

  @Option(names = "--k", paramLabel = "K", description = "topk: how many values (1 <= K <= n).")
  private Integer k;

  @Option(names = "--largest", description = "topk: the largest values (default the smallest).")
  private boolean largest;

  @Option(
      names = "--indices",
      paramLabel = "FILE.npy",
      description =
          "topk: write the indices of the k values here (int32); segreduce --op argmin|argmax:"
              + " each segment's index in the input (int64, -1 for an empty segment).")
  private Path indices;

  @Option(
      names = "--lengths",
      paramLabel = "FILE.npy",
      description = "rle: write the length of each run here (int64).")
  private Path lengths;

  @Option(
      names = "--bins",
      paramLabel = "N",
      description =
          "Histogram bins: integer keys k count in bin k when 0 <= k < N; with --lower and"
              + " --upper, N even bins over [lower, upper) for float or double values.")
  private Integer bins;

  @Option(names = "--lower", paramLabel = "L", description = "Lower bound of even bins.")
  private Double lower;

  @Option(names = "--upper", paramLabel = "U", description = "Upper bound of even bins (excluded).")
  private Double upper;

  @Option(
      names = "--backend",
      paramLabel = "ID",
      description = "Backend id or preference list, e.g. cpu or cuda,opencl,cpu (prims.backend).")
  private String backend;

  @Option(
      names = "--device",
      paramLabel = "DEVICE",
      description = "Device index or name substring (prims.device).")
  private String device;

  @Option(
      names = "--variant",
      paramLabel = "NAME",
      description =
          "Algorithm variant of the primitive (prims.<primitive>.variant); prims info lists"
              + " each backend's.")
  private String variant;

  @Option(
      names = "--determinism",
      paramLabel = "MODE",
      description = "fast or reproducible (prims.determinism).")
  private String determinism;

  @Option(
      names = "--config",
      paramLabel = "KEY=VALUE",
      description = "Any other configuration key, e.g. --config prims.opencl.platform=Portable.")
  private Map<String, String> extraConfig = new LinkedHashMap<>();

  @Option(
      names = "--output",
      paramLabel = "FILE.npy",
      description =
          "Write the scan values, sorted keys, kept values or run values (input dtype) or"
              + " histogram counts (int64) here.")
  private Path output;

  @Option(
      names = "--repeat",
      paramLabel = "R",
      description =
          "Run the primitive R times (default 1) and report the best and median wall time.")
  private int repeat = 1;

  @Mixin private JsonOption json;

  private final List<Double> millis = new ArrayList<>();

  @Override
  public Integer call() {
    try {
      return runPrimitive();
    } catch (OutOfMemoryError e) {
      throw new BadInputException(
          "not enough Java heap (at most "
              + Runtime.getRuntime().maxMemory() / (1 << 20)
              + " MiB) for this input; raise it, e.g. JAVA_OPTS=-Xmx16g ./prims ...",
          e);
    }
  }

  private int runPrimitive() {
    String statistic = argOrMoments();
    Primitive primitive = statistic != null ? Primitive.REDUCE : parsePrimitive();
    checkOptions(primitive);
    if (statistic != null && opName != null) {
      throw new BadInputException("--op is for reduce and scan, not " + statistic);
    }
    HistogramSpec histogramSpec = primitive == Primitive.HISTOGRAM ? histogramSpec() : null;
    ReduceOp argOp = "segreduce".equals(segmented) ? SegmentRun.argOp(opName) : null;
    ReduceOp op = argOp != null ? argOp : opName == null ? ReduceOp.SUM : ReduceOp.parse(opName);
    Map<String, Object> report = new LinkedHashMap<>();
    report.put(
        "primitive",
        selecting != null ? selecting : segmented != null ? segmented : primitive.id());
    if (statistic != null) {
      report.put("primitive", statistic);
    } else if (selecting != null) {
      // select, partition and topk put their own keys (SelectRun)
    } else if (sorting) {
      report.put("primitive", "sort");
      report.put("order", descending ? "descending" : "ascending");
    } else if (primitive == Primitive.REDUCE || primitive == Primitive.SCAN) {
      report.put("op", argOp != null ? (argOp == ReduceOp.MIN ? "argmin" : "argmax") : op.id());
    }
    report.put("type", null);
    report.put("n", null);
    boolean integerKeys =
        (histogramSpec != null && !histogramSpec.isEven())
            || (selecting != null && UniqueRun.handles(selecting));
    Object data = loadInput(integerKeys, report);
    Object data2 = null;
    if (primitive == Primitive.DOT) {
      data2 = input2 != null ? read(input2) : generated(DType.ofArray(data), false, 1, report);
      requireSameType(data, data2);
    }
    DType type = DType.ofArray(data);
    report.put("type", type.id());
    report.put("n", Array.getLength(data));
    try (Prims prims = Prims.create(configuration(primitive))) {
      prims.primaryBackend();
      switch (primitive) {
        case REDUCE:
          if (statistic != null) {
            argOrMoments(prims, data, statistic, report);
            break;
          }
          // a plain or segmented reduce: the branches below
        case SCAN:
          if (selecting != null) {
            Object flagValues = flags == null ? null : read(flags);
            SelectRun.Options options =
                new SelectRun.Options(where, flagValues, k, largest, indices, lengths);
            Object result =
                SelectRun.run(
                    prims,
                    selecting,
                    data,
                    options,
                    report,
                    this::timed,
                    p -> provenance(report, p));
            report.put("output", write(result));
          } else if (sorting) {
            sort(prims, data, report);
          } else if (segmented != null) {
            segmented(prims, data, op, argOp != null, report);
          } else if (primitive == Primitive.REDUCE) {
            reduce(prims, data, op, report);
          } else {
            scan(prims, data, op, report);
          }
          break;
        case HISTOGRAM:
          histogram(prims, data, histogramSpec, report);
          break;
        default:
          dot(prims, data, data2, report);
      }
    }
    print(primitive, report);
    return 0;
  }

  /** {@code argmin}, {@code argmax} or {@code moments} when the primitive is one of them. */
  private String argOrMoments() {
    String name = primitiveName.trim().toLowerCase(Locale.ROOT);
    return List.of("argmin", "argmax", "moments").contains(name) ? name : null;
  }

  private void argOrMoments(
      Prims prims, Object data, String statistic, Map<String, Object> report) {
    DType type = DType.ofArray(data);
    if (statistic.equals("moments")) {
      dev.prims.Moments m = timed(() -> Calls.moments(prims, data));
      provenance(report, m.provenance());
      report.put("count", m.count());
      report.put("mean", JsonOutput.number(DType.DOUBLE, m.mean()));
      report.put("variance", JsonOutput.number(DType.DOUBLE, m.populationVariance()));
      report.put("sampleVariance", JsonOutput.number(DType.DOUBLE, m.sampleVariance()));
      report.put("stddev", JsonOutput.number(DType.DOUBLE, m.populationStandardDeviation()));
      return;
    }
    ReduceOp op = statistic.equals("argmin") ? ReduceOp.MIN : ReduceOp.MAX;
    if (Array.getLength(data) == 0) {
      throw new BadInputException(statistic + " of an empty input has no value");
    }
    dev.prims.ArgResult r = timed(() -> Calls.argReduce(prims, data, op));
    provenance(report, r.provenance());
    report.put("result", JsonOutput.number(type, r.value().value()));
    report.put("index", r.index());
  }

  private Primitive parsePrimitive() {
    if (primitiveName.trim().equalsIgnoreCase("sort")) {
      sorting = true;
      return Primitive.SCAN;
    }
    selecting = SelectRun.family(primitiveName);
    if (selecting != null) {
      return Primitive.SCAN;
    }
    segmented = SegmentRun.family(primitiveName);
    if (segmented != null) {
      return SegmentRun.primitive(segmented);
    }
    for (Primitive p : Primitive.values()) {
      if (p.id().equalsIgnoreCase(primitiveName.trim())) {
        return p;
      }
    }
    throw new BadInputException(
        "unknown primitive '"
            + primitiveName
            + "'; expected reduce, scan, histogram, dot, argmin, argmax, moments, sort, select,"
            + " partition, topk, unique, rle, "
            + String.join(", ", SegmentRun.NAMES));
  }

  private void checkOptions(Primitive primitive) {
    if (input == null && n == null) {
      throw new BadInputException("give --input FILE.npy, or --n N for generated data");
    }
    if (input != null && n != null) {
      throw new BadInputException("--input and --n exclude each other");
    }
    if (input != null && (typeName != null || distName != null || seed != null)) {
      throw new BadInputException("--type, --dist and --seed describe generated data, not --input");
    }
    if (segment != null && segmented == null) {
      throw new BadInputException(
          "--segment is for " + String.join(", ", SegmentRun.NAMES) + " only");
    }
    if (segment != null && segment < 1) {
      throw new BadInputException("--segment must be at least 1, got " + segment);
    }
    if (repeat < 1) {
      throw new BadInputException("--repeat must be at least 1, got " + repeat);
    }
    if (n != null && (n < 0 || n > MAX_ARRAY_LENGTH)) {
      throw new BadInputException(
          "--n must be between 0 and " + MAX_ARRAY_LENGTH + " (one Java array), got " + n);
    }
    if (input2 != null && primitive != Primitive.DOT) {
      throw new BadInputException("--input2 is for dot only");
    }
    if (input2 != null && input == null) {
      throw new BadInputException("--input2 goes with --input");
    }
    if (primitive == Primitive.DOT && input != null && input2 == null) {
      throw new BadInputException("dot needs a second array: add --input2 FILE.npy");
    }
    if (opName != null && primitive != Primitive.REDUCE && primitive != Primitive.SCAN) {
      throw new BadInputException("--op is for reduce and scan, not " + primitive.id());
    }
    if (sorting && (opName != null || exclusive)) {
      throw new BadInputException("--op and --exclusive are for reduce and scan, not sort");
    }
    if (descending && !sorting) {
      throw new BadInputException("--descending is for sort only");
    }
    if (lengths != null && !"rle".equals(selecting)) {
      throw new BadInputException("--lengths is for rle only");
    }
    if (selecting == null && (where != null || flags != null || k != null || largest)) {
      throw new BadInputException(
          "--where, --flags, --k and --largest are for select, partition and topk");
    }
    if (indices != null
        && selecting == null
        && !("segreduce".equals(segmented) && SegmentRun.argOp(opName) != null)) {
      throw new BadInputException("--indices is for topk and segreduce --op argmin|argmax");
    }
    if (selecting != null && (opName != null || exclusive)) {
      throw new BadInputException("--op and --exclusive are for reduce and scan, not " + selecting);
    }
    if (exclusive && primitive != Primitive.SCAN) {
      throw new BadInputException("--exclusive is for scan only");
    }
    if (primitive != Primitive.HISTOGRAM && (bins != null || lower != null || upper != null)) {
      throw new BadInputException("--bins, --lower and --upper are for histogram only");
    }
    if (primitive == Primitive.HISTOGRAM && bins == null) {
      throw new BadInputException("histogram needs --bins N");
    }
    if ((lower == null) != (upper == null)) {
      throw new BadInputException("give both --lower and --upper, or neither");
    }
    if (output != null
        && primitive != Primitive.SCAN
        && primitive != Primitive.HISTOGRAM
        && segmented == null) {
      throw new BadInputException(
          "--output is for scan, sort, histogram and the segmented operations");
    }
    if (output != null) {
      Path dir = output.toAbsolutePath().getParent();
      if (dir == null || !Files.isDirectory(dir)) {
        throw new BadInputException("the directory of --output " + output + " does not exist");
      }
      if (Files.isDirectory(output)) {
        throw new BadInputException("--output " + output + " is a directory");
      }
    }
  }

  private HistogramSpec histogramSpec() {
    return lower == null ? HistogramSpec.keys(bins) : HistogramSpec.even(bins, lower, upper);
  }

  private Object loadInput(boolean integerKeys, Map<String, Object> report) {
    if (input != null) {
      report.put("input", input.toString());
      if (input2 != null) {
        report.put("input2", input2.toString());
      }
      return read(input);
    }
    DType type = typeName != null ? DType.parse(typeName) : integerKeys ? DType.INT : DType.FLOAT;
    return generated(type, integerKeys, 0, report);
  }

  /** Generated data; the seed is --seed plus {@code seedOffset} (dot's second array: 1). */
  private Object generated(
      DType type, boolean integerKeys, long seedOffset, Map<String, Object> report) {
    Distribution dist =
        distName != null
            ? Distribution.parse(distName)
            : integerKeys ? Distribution.INTS : Distribution.UNIFORM;
    long s = (seed == null ? DEFAULT_SEED : seed) + seedOffset;
    if (seedOffset == 0) {
      report.put("dist", dist.id());
      report.put("seed", s);
    }
    return DataGenerator.generate(type, dist, s, Math.toIntExact(n));
  }

  private static Object read(Path file) {
    try {
      return NpyReader.read(file);
    } catch (NpyFormatException e) {
      throw new BadInputException(file + ": " + e.getMessage(), e);
    } catch (NoSuchFileException e) {
      throw new BadInputException("input file not found: " + file);
    } catch (AccessDeniedException e) {
      throw new BadInputException("cannot read " + file + ": permission denied");
    } catch (FileSystemException e) {
      throw new BadInputException(
          "cannot read " + file + ": " + (e.getReason() != null ? e.getReason() : e), e);
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  private void requireSameType(Object a, Object b) {
    DType ta = DType.ofArray(a);
    DType tb = DType.ofArray(b);
    if (ta != tb) {
      throw new BadInputException(
          "dot needs inputs of one dtype, got " + ta.id() + " and " + tb.id());
    }
  }

  private PrimsConfig configuration(Primitive primitive) {
    PrimsConfig.Builder config = PrimsConfig.builder();
    extraConfig.forEach(config::set);
    if (backend != null) {
      config.backend(backend);
    }
    if (device != null) {
      config.device(device);
    }
    if (variant != null) {
      config.variant(primitive, variant);
    }
    if (determinism != null) {
      config.determinism(Determinism.parse(determinism));
    }
    return config.build();
  }

  private void reduce(Prims prims, Object data, ReduceOp op, Map<String, Object> report) {
    putScalar(report, timed(() -> Calls.reduce(prims, data, op)));
  }

  private void scan(Prims prims, Object data, ReduceOp op, Map<String, Object> report) {
    ScanKind kind = exclusive ? ScanKind.EXCLUSIVE : ScanKind.INCLUSIVE;
    report.put("kind", kind.name().toLowerCase(Locale.ROOT));
    ScanResult<?> result = timed(() -> Calls.scan(prims, data, op, kind));
    provenance(report, result.provenance());
    JsonOutput.putFirstAndLast(report, result.values());
    report.put("output", write(result.values()));
  }

  private void sort(Prims prims, Object data, Map<String, Object> report) {
    SortOrder order = descending ? SortOrder.DESCENDING : SortOrder.ASCENDING;
    SortResult<?> result;
    try {
      result = timed(() -> Calls.sort(prims, data, order));
    } catch (dev.prims.PrimsException e) {
      if (e.getCause() instanceof UnsupportedOperationException missing) {
        throw new BadInputException(missing.getMessage() + "; the cpu backend sorts", e);
      }
      throw e;
    }
    provenance(report, result.provenance());
    JsonOutput.putFirstAndLast(report, result.keys());
    report.put("output", write(result.keys()));
  }

  private void segmented(
      Prims prims, Object data, ReduceOp op, boolean arg, Map<String, Object> report) {
    ScanKind kind = exclusive ? ScanKind.EXCLUSIVE : ScanKind.INCLUSIVE;
    int length = segment == null ? SegmentRun.DEFAULT_LENGTH : segment;
    SegmentRun.Result result =
        SegmentRun.run(prims, segmented, data, op, arg, kind, length, report, this::timed);
    provenance(report, result.provenance());
    report.put("output", write(result.values()));
    if (indices != null) {
      report.put("indices", NpyOutput.write(indices, result.indices()));
    }
  }

  private void histogram(
      Prims prims, Object data, HistogramSpec histogramSpec, Map<String, Object> report) {
    report.put("bins", histogramSpec.bins());
    if (histogramSpec.isEven()) {
      report.put("lower", JsonOutput.number(DType.DOUBLE, histogramSpec.lower()));
      report.put("upper", JsonOutput.number(DType.DOUBLE, histogramSpec.upper()));
    }
    DType type = DType.ofArray(data);
    if (type.isFloating() && !histogramSpec.isEven()) {
      throw new BadInputException(
          type.id() + " values are counted in even bins: add --lower L --upper U to --bins");
    }
    if (!type.isFloating() && histogramSpec.isEven()) {
      throw new BadInputException(
          type.id()
              + " keys are counted with --bins N alone (key k in bin k);"
              + " --lower and --upper are for float or double values");
    }
    HistogramResult result = timed(() -> Calls.histogram(prims, data, histogramSpec));
    provenance(report, result.provenance());
    report.put("counts", result.counts());
    report.put("outOfRange", result.outOfRange());
    report.put("output", write(result.counts()));
  }

  private void dot(Prims prims, Object a, Object b, Map<String, Object> report) {
    putScalar(report, timed(() -> Calls.dot(prims, a, b)));
  }

  /** Where and how fast {@code result} was computed, and its value as {@code result}. */
  private void putScalar(Map<String, Object> report, Scalar result) {
    provenance(report, result.provenance());
    report.put("result", JsonOutput.number(result.type(), result.value()));
  }

  /** Runs {@code call} --repeat times, keeping each run's wall time; returns the last result. */
  private <T> T timed(Supplier<T> call) {
    T result = null;
    for (int i = 0; i < repeat; i++) {
      long start = System.nanoTime();
      result = call.get();
      millis.add((System.nanoTime() - start) / 1e6);
    }
    return result;
  }

  private void provenance(Map<String, Object> report, Provenance p) {
    report.put("backend", p.backend());
    report.put("device", p.device());
    report.put("variant", p.variant());
    List<Double> sorted = new ArrayList<>(millis);
    Collections.sort(sorted);
    report.put("runs", repeat);
    report.put("millis", roundMicros(sorted.get(0)));
    if (repeat > 1) {
      report.put("medianMillis", roundMicros(sorted.get(sorted.size() / 2)));
    }
    if (!p.note().isEmpty()) {
      report.put("note", p.note());
    }
  }

  private static double roundMicros(double millis) {
    return Math.round(millis * 1000) / 1000.0;
  }

  private String write(Object values) {
    return output == null ? null : NpyOutput.write(output, values);
  }

  private void print(Primitive primitive, Map<String, Object> report) {
    PrintWriter out = spec.commandLine().getOut();
    try {
      json.emit(
          out,
          () -> HumanReport.lines(primitive, report).forEach(out::println),
          () -> JsonOutput.write(report));
    } catch (IOException e) {
      throw new BadInputException("cannot write the JSON report: " + e, e);
    }
  }
}
