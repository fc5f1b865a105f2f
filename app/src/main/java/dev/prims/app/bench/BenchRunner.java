package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.engine.FailureMessages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs a {@link BenchPlan}: every chosen backend, operation, type, size and mode, with the peers
 * measured in the same run (the JDK for CPU-like devices, CUB and Thrust for GPUs) and the copy
 * bandwidth each row's percentage refers to.
 */
public final class BenchRunner {
  /** Receives progress: the total number of steps first, then one call per step. */
  public interface Progress {
    void start(long total);

    void step(String what);

    Progress NONE =
        new Progress() {
          @Override
          public void start(long total) {}

          @Override
          public void step(String what) {}
        };
  }

  private final BenchPlan plan;
  private final Consumer<String> log;
  private final Progress progress;
  private final Stopwatch stopwatch;
  private final List<BenchRow> rows = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final List<Map<String, Object>> copyBandwidth = new ArrayList<>();
  private final Map<String, String> elsewhere = new LinkedHashMap<>();
  private final List<Prims> deviceEngines = new ArrayList<>();
  private String devices;

  /**
   * @param log receives lines worth showing at once (a reference build starting)
   */
  public BenchRunner(BenchPlan plan, Consumer<String> log, Progress progress) {
    this.plan = plan;
    this.log = log;
    this.progress = progress;
    this.stopwatch = new Stopwatch(plan.budget());
  }

  /**
   * Also measures each backend on the multi-device selection {@code selection} (such as {@code all}
   * or {@code 0,1}), in rows of its own beside the single device; null for none.
   */
  public BenchRunner devices(String selection) {
    this.devices = selection;
    return this;
  }

  /** Runs the plan on the backends of {@code prims}. */
  public BenchResult run(Prims prims) {
    try {
      return measureAll(prims);
    } finally {
      for (Prims engine : deviceEngines) {
        engine.close();
      }
      deviceEngines.clear();
    }
  }

  private BenchResult measureAll(Prims prims) {
    noteBusyMachine();
    List<BenchTarget> targets = openTargets(prims);
    boolean jdkPeers = targets.stream().anyMatch(t -> !t.gpu());
    Map<CubRequest, CubResult> reference = references(targets);
    HostCopyBandwidth hostCopy = new HostCopyBandwidth(plan.budget());
    String hostName =
        targets.stream()
            .filter(t -> t.id().equals("cpu"))
            .map(BenchTarget::deviceName)
            .findFirst()
            .orElse(
                "cpu "
                    + System.getProperty("os.arch")
                    + " ("
                    + Runtime.getRuntime().availableProcessors()
                    + " threads)");
    progress.start((long) plan.sizes().size() * plan.types().size() * stepsPerPoint(targets));
    for (long n : plan.sizes()) {
      for (DType type : plan.types()) {
        if (!fitsOnHost(type, n)) {
          notes.add(
              "skipped "
                  + type.id()
                  + " at n="
                  + SizeList.describe(n)
                  + ": the Java heap ("
                  + (Runtime.getRuntime().maxMemory() >> 20)
                  + " MiB, -Xmx) cannot hold its arrays");
          skipSteps(targets);
          continue;
        }
        System.gc();
        DataSet data = new DataSet(type, n);
        boolean onHost = data.fitsInArrays();
        if (!onHost) {
          notes.add(
              type.id()
                  + " at n="
                  + SizeList.describe(n)
                  + " is longer than a Java array: only device-resident reduce, scan, histogram"
                  + " and dot run there, on buffers written slice by slice");
        }
        Double hostGbps = jdkPeers && onHost ? hostCopy.gbps(n * type.bytes()) : null;
        if (hostGbps != null) {
          copyBandwidth.add(copyFact(hostName, "System.arraycopy, parallel", type, n, hostGbps));
        }
        Double gpuGbps = gpuCopy(reference, type, n);
        HostLink link = hostLink(reference, type, n);
        for (Operation operation : plan.operations()) {
          if (!operation.takes(type)) {
            skipType(targets, operation, type);
            continue;
          }
          Map<String, BenchRow> jdkPeer =
              jdkPeers && onHost ? jdkRows(operation, data, hostName, hostGbps) : Map.of();
          BenchRow cubPeer = referenceRows(reference, operation, type, n, gpuGbps);
          for (BenchTarget target : targets) {
            for (String mode : modes(operation)) {
              measure(
                  target,
                  mode,
                  operation,
                  data,
                  !target.gpu()
                      ? hostGbps
                      : mode.equals(PrimsWorkload.DEVICE) ? gpuGbps : link.gbps(operation),
                  target.gpu()
                      ? (mode.equals(PrimsWorkload.DEVICE) ? cubPeer : null)
                      : jdkPeer.get(mode));
            }
          }
          if (targets.size() > 1 && onHost) {
            for (String mode : modes(operation)) {
              if (!mode.equals(PrimsWorkload.DEVICE)) {
                measureAuto(prims, targets, operation, data, mode);
              }
            }
          }
        }
      }
    }
    List<Map<String, Object>> devices = new ArrayList<>();
    for (BenchTarget t : targets) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("backend", t.id());
      d.put("device", t.deviceName());
      d.put("gpu", t.gpu());
      d.put("memory_bytes", t.backend().device().memoryBytes());
      d.put("details", t.backend().device().details());
      devices.add(d);
    }
    return new BenchResult(rows, notes, copyBandwidth, devices);
  }

  /** Notes when other work competes for the processors (figures then vary from run to run). */
  private void noteBusyMachine() {
    double load =
        java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    int processors = Runtime.getRuntime().availableProcessors();
    if (load > processors) {
      notes.add(
          String.format(
              java.util.Locale.ROOT,
              "the load average was %.1f on %d processors when the run started: other work"
                  + " competes for them, so host-side figures vary from run to run",
              load,
              processors));
    }
  }

  private List<BenchTarget> openTargets(Prims prims) {
    List<String> ids = BenchTarget.availableIds(prims, plan.backends(), notes);
    List<BenchTarget> targets = BenchTarget.openAll(prims, ids, notes);
    if (devices != null) {
      for (String id : ids) {
        String label = id + "[" + devices + "]";
        try {
          Prims engine =
              Prims.create(
                  dev.prims.PrimsConfig.builder()
                      .set(dev.prims.PrimsConfig.DEVICE, devices)
                      .build());
          deviceEngines.add(engine);
          targets.add(BenchTarget.open(engine, id, label));
        } catch (RuntimeException e) {
          notes.add(
              label
                  + " could not be opened: "
                  + firstLine(FailureMessages.describe(e, "opening backend " + label)));
        }
      }
    }
    return targets;
  }

  private Map<CubRequest, CubResult> references(List<BenchTarget> targets) {
    Optional<BenchTarget> gpu = targets.stream().filter(BenchTarget::gpu).findFirst();
    boolean deviceMode = plan.modes().contains(PrimsWorkload.DEVICE);
    boolean hostMode = plan.modes().contains(PrimsWorkload.HOST);
    if (gpu.isEmpty() || !plan.references() || !(deviceMode || hostMode)) {
      return Map.of();
    }
    Optional<CubReference> cub = CubReference.locate(log).orNote("CUB/Thrust reference", notes);
    if (cub.isEmpty()) {
      return Map.of();
    }
    int device = BenchTarget.cudaDevice(targets);
    int reps = referenceReps();
    List<CubRequest> requests = new ArrayList<>();
    for (long n : plan.sizes()) {
      for (DType type : plan.types()) {
        if (!gpu.get().fitsOnDevice(type, n)) {
          continue;
        }
        if (hostMode) {
          requests.add(CubRequest.link(CubRequest.H2D, type, n, reps));
          requests.add(CubRequest.link(CubRequest.D2H, type, n, reps));
          requests.add(CubRequest.link(CubRequest.DUPLEX, type, n, reps));
        }
        if (!deviceMode) {
          continue;
        }
        requests.add(new CubRequest("cub", null, type, n, reps));
        for (Operation operation : plan.operations()) {
          if (!operation.takes(type)) {
            continue;
          }
          if (operation.hasCubReference()) {
            requests.add(new CubRequest("cub", operation, type, n, reps));
          }
          if (CubRequest.resultToHost(operation)) {
            requests.add(new CubRequest(CubRequest.CUB_TO_HOST, operation, type, n, reps));
          }
          if (operation.hasThrustReference()) {
            requests.add(new CubRequest("thrust", operation, type, n, reps));
          }
        }
      }
    }
    log.accept("running the CUB/Thrust reference (" + requests.size() + " measurements)");
    Map<CubRequest, CubResult> results = cub.get().run(requests, device);
    results.forEach(
        (request, result) -> {
          if (!result.ok()) {
            notes.add("reference " + String.join(" ", request.arguments()) + ": " + result.error());
          }
        });
    return results;
  }

  private Double gpuCopy(Map<CubRequest, CubResult> reference, DType type, long n) {
    CubResult copy = reference.get(new CubRequest("cub", null, type, n, referenceReps()));
    if (copy == null || !copy.ok()) {
      return null;
    }
    copyBandwidth.add(copyFact(copy.device(), "cudaMemcpy device to device", type, n, copy.gbps()));
    return copy.gbps();
  }

  /**
   * The pinned copy bandwidth of the host link each way and both ways at once (null where not
   * measured), recorded among the copy facts.
   */
  private HostLink hostLink(Map<CubRequest, CubResult> reference, DType type, long n) {
    Double[] gbps = new Double[3];
    String[] directions = {CubRequest.H2D, CubRequest.D2H, CubRequest.DUPLEX};
    String[] methods = {
      "cudaMemcpyAsync pinned host to device",
      "cudaMemcpyAsync device to pinned host",
      "cudaMemcpyAsync pinned, up and down at once (two streams, both counted)"
    };
    for (int i = 0; i < 3; i++) {
      CubResult copy = reference.get(CubRequest.link(directions[i], type, n, referenceReps()));
      if (copy != null && copy.ok()) {
        gbps[i] = copy.gbps();
        copyBandwidth.add(copyFact(copy.device(), methods[i], type, n, copy.gbps()));
      }
    }
    return new HostLink(gbps[0], gbps[2]);
  }

  /**
   * The host link's pinned bandwidth up and both ways at once (both copies counted), in GB/s. A
   * host-mode GPU row's {@code %} column is its share of what the link allows for its bytes: a
   * reduce, dot or histogram sends its input up (the {@code toDevice} rate); a scan sends the input
   * up and the result down, which the link moves at its {@code duplex} rate (its bytes count read
   * and written, as the duplex copy counts both). The rate down alone is only a copy fact.
   */
  record HostLink(Double toDevice, Double duplex) {
    Double gbps(Operation operation) {
      if (toDevice == null) {
        return null;
      }
      if (operation.primitive() != dev.prims.Primitive.SCAN) {
        return toDevice;
      }
      return duplex;
    }
  }

  private int referenceReps() {
    return plan.budget().minReps() < 10 ? 10 : 50;
  }

  private static Map<String, Object> copyFact(
      String device, String method, DType type, long n, double gbps) {
    Map<String, Object> fact = new LinkedHashMap<>();
    fact.put("device", device);
    fact.put("method", method);
    fact.put("type", type.id());
    fact.put("n", n);
    fact.put("bytes", n * type.bytes());
    fact.put("gbps", gbps);
    return fact;
  }

  /**
   * Times the JDK peers and adds their rows; returns the rows prims rows compare with, by mode (the
   * first peer, or the one whose {@link CpuPeers.Peer#referenceFor} names the mode).
   */
  private Map<String, BenchRow> jdkRows(
      Operation operation, DataSet data, String hostName, Double copyGbps) {
    Map<String, BenchRow> primary = new LinkedHashMap<>();
    try {
      for (CpuPeers.Peer peer : CpuPeers.of(operation, data)) {
        Timing t = stopwatch.time(Stopwatch.timedAfter(peer.setup(), peer.run()));
        BenchRow row =
            row(
                    "jdk",
                    hostName,
                    operation,
                    data.type(),
                    PrimsWorkload.HOST,
                    data.n(),
                    peer.name(),
                    t)
                .compared(copyGbps, null);
        rows.add(row);
        if (primary.isEmpty()) {
          primary.put(PrimsWorkload.DEVICE, row);
          primary.put(PrimsWorkload.HOST, row);
          primary.put(PrimsWorkload.HOST_INTO, row);
          primary.put(PrimsWorkload.HOST_IN_PLACE, row);
        }
        for (String mode : peer.referenceFor()) {
          primary.put(mode, row);
        }
      }
    } catch (OutOfMemoryError e) {
      notes.add(
          "JDK peers of "
              + operation.family()
              + " "
              + data.type().id()
              + " at n="
              + SizeList.describe(data.n())
              + " ran out of heap");
    }
    return primary;
  }

  /** Adds the CUB and Thrust rows of one point; returns the CUB row prims rows compare with. */
  private BenchRow referenceRows(
      Map<CubRequest, CubResult> reference,
      Operation operation,
      DType type,
      long n,
      Double copyGbps) {
    BenchRow cub = null;
    for (String impl : List.of("cub", CubRequest.CUB_TO_HOST, "thrust")) {
      CubResult r = reference.get(new CubRequest(impl, operation, type, n, referenceReps()));
      if (r == null || !r.ok()) {
        continue;
      }
      if (operation.isUnique() && r.checksum() != DataSet.runCount(n)) {
        notes.add(
            String.format(
                java.util.Locale.ROOT,
                "reference %s %s %s n=%s kept %.0f runs where the keys have %d: not shown",
                impl,
                operation.family(),
                type.id(),
                SizeList.describe(n),
                r.checksum(),
                DataSet.runCount(n)));
        continue;
      }
      Timing t = new Timing(r.bestMs(), r.medianMs(), r.reps(), true);
      BenchRow row =
          row(
                  impl,
                  r.device(),
                  operation,
                  type,
                  PrimsWorkload.DEVICE,
                  n,
                  referenceName(impl, operation),
                  t)
              .compared(copyGbps, null);
      rows.add(row);
      if (impl.equals("cub")) {
        cub = row;
      }
    }
    return cub;
  }

  /** The library call a reference row measured. */
  static String referenceName(String impl, Operation operation) {
    String call = referenceCall(!impl.equals("thrust"), operation);
    return impl.equals(CubRequest.CUB_TO_HOST) ? call + ", result to host" : call;
  }

  private static String referenceCall(boolean cub, Operation operation) {
    return switch (operation) {
      case REDUCE_SUM -> cub ? "DeviceReduce::Sum" : "thrust::reduce";
      case REDUCE_MIN -> cub ? "DeviceReduce::Min" : "thrust::reduce";
      case REDUCE_MAX -> cub ? "DeviceReduce::Max" : "thrust::reduce";
      case SCAN_INCLUSIVE -> cub ? "DeviceScan::InclusiveSum" : "thrust::inclusive_scan";
      case SCAN_EXCLUSIVE -> cub ? "DeviceScan::ExclusiveSum" : "thrust::exclusive_scan";
      case HISTOGRAM -> cub ? "HistogramEven (int32 counters)" : "thrust sort + upper_bound";
      case DOT -> cub ? "DeviceReduce::Sum of products" : "thrust::inner_product";
      case ARGMIN -> "DeviceReduce::ArgMin";
      case ARGMAX -> "DeviceReduce::ArgMax";
      case MOMENTS -> "none";
      case SEGMENTED_SUM_64, SEGMENTED_SUM_4096 -> "DeviceSegmentedReduce::Sum";
      case SEGMENTED_ARGMAX_64 -> "DeviceSegmentedReduce::ArgMax";
      case REDUCE_BY_KEY_64 -> "DeviceReduce::ReduceByKey";
      case SCAN_BY_KEY_64 -> "DeviceScan::InclusiveSumByKey";
      case SORT -> cub ? "DeviceRadixSort::SortKeys" : "thrust::sort";
      case SORT_PAIRS -> cub ? "DeviceRadixSort::SortPairs" : "thrust::sort_by_key";
      case SELECT -> "DeviceSelect::If";
      case TOPK -> "DeviceRadixSort::SortKeys (full sort)";
      case UNIQUE -> "DeviceSelect::Unique";
      case RLE -> "DeviceRunLengthEncode::Encode";
    };
  }

  private void measure(
      BenchTarget target,
      String mode,
      Operation operation,
      DataSet data,
      Double copyGbps,
      BenchRow peer) {
    String what =
        target.id()
            + " "
            + operation.family()
            + " "
            + operation.op()
            + " "
            + data.type().id()
            + " "
            + SizeList.describe(data.n())
            + " "
            + mode;
    try {
      if (!data.fitsInArrays() && !onDevicesOnly(mode, operation)) {
        progress.step(what);
        return;
      }
      if (mode.equals(PrimsWorkload.DEVICE) && !target.fitsOnDevice(data.type(), data.n())) {
        notes.add("skipped " + what + ": too large for the device's memory");
        return;
      }
      String elsewhere = ranElsewhere(target, operation, data.type());
      if (elsewhere != null) {
        notes.add("skipped " + what + ": " + elsewhere);
        return;
      }
      Timing t =
          PrimsWorkload.time(target.view(), target.backend(), operation, data, mode, stopwatch);
      String variant = PrimsWorkload.probe(target.view(), operation, data.type()).variant();
      rows.add(
          row(target.id(), target.deviceName(), operation, data.type(), mode, data.n(), variant, t)
              .compared(copyGbps, peer));
    } catch (RuntimeException | OutOfMemoryError e) {
      notes.add(what + " failed: " + firstLine(FailureMessages.describe(e, what)));
    } finally {
      progress.step(what);
    }
  }

  /**
   * Calls up to this long are timed again beside the {@code auto} row (see measureAuto); longer
   * ones (new arrays of 2^28 elements) would take seconds more each.
   */
  static final double RETIMED_MS = 200.0;

  /**
   * The {@code auto} row of one host-mode point: the same call through {@code prims.backend=auto},
   * naming the backend the cost model chose, compared with the fastest backend row of the point.
   * Where that row's calls take at most {@link #RETIMED_MS}, its backend is timed again right after
   * auto, and auto once more after it, each keeping its better timing, so that both are compared in
   * the same state of the machine: calls of microseconds shift with the JIT's state between rows
   * (the cost model's probe, which the first auto call runs, compiles every backend's paths in
   * between), and on the 16-core H100 host the same cpu call on arrays of 2^28 doubles timed 15-35
   * % apart in rows a minute apart (2026-11-27).
   */
  private void measureAuto(
      Prims prims, List<BenchTarget> targets, Operation operation, DataSet data, String mode) {
    String what = "auto " + operation.family() + " " + operation.op() + " " + data.type().id();
    try {
      Prims auto = prims.with(dev.prims.PrimsConfig.BACKEND, "auto");
      Provenance chosen = PrimsWorkload.provenance(auto, operation, data);
      Timing t =
          PrimsWorkload.time(auto, targets.get(0).backend(), operation, data, mode, stopwatch);
      BenchRow fastest = fastestRow(targets, operation, data, mode);
      BenchTarget fastestTarget =
          fastest == null || fastest.bestMs() > RETIMED_MS
              ? null
              : targets.stream()
                  .filter(g -> g.id().equals(fastest.backend()))
                  .findFirst()
                  .orElse(null);
      BenchRow reference = fastest;
      if (fastestTarget != null) {
        Timing again =
            PrimsWorkload.time(
                fastestTarget.view(), fastestTarget.backend(), operation, data, mode, stopwatch);
        t =
            better(
                t,
                PrimsWorkload.time(
                    auto, targets.get(0).backend(), operation, data, mode, stopwatch));
        if (again.bestMs() < fastest.bestMs()) {
          reference =
              row(
                  fastest.backend(),
                  fastest.device(),
                  operation,
                  data.type(),
                  mode,
                  data.n(),
                  fastest.variant(),
                  again);
        }
      }
      rows.add(
          row(
                  "auto",
                  chosen.backend() + ": " + chosen.device(),
                  operation,
                  data.type(),
                  mode,
                  data.n(),
                  chosen.variant(),
                  t)
              .compared(null, reference));
    } catch (RuntimeException | OutOfMemoryError e) {
      notes.add(what + " failed: " + firstLine(FailureMessages.describe(e, what)));
    }
  }

  private static Timing better(Timing a, Timing b) {
    return b.bestMs() < a.bestMs() ? b : a;
  }

  /** The fastest backend row of one point (null when none ran). */
  private BenchRow fastestRow(
      List<BenchTarget> targets, Operation operation, DataSet data, String mode) {
    return rows.stream()
        .filter(
            r ->
                r.mode().equals(mode)
                    && r.n() == data.n()
                    && r.type().equals(data.type().id())
                    && r.primitive().equals(operation.family())
                    && r.op().equals(operation.op())
                    && targets.stream().anyMatch(g -> g.id().equals(r.backend())))
        .max(java.util.Comparator.comparingDouble(BenchRow::gbps))
        .orElse(null);
  }

  /**
   * Why {@code operation} on {@code type} does not really run on the target's device (a silent
   * fallback the provenance reveals), or null when it does. Probed once per target, operation and
   * type.
   */
  private String ranElsewhere(BenchTarget target, Operation operation, DType type) {
    String key = target.id() + " " + operation + " " + type;
    return elsewhere
        .computeIfAbsent(
            key,
            k -> {
              Provenance p = PrimsWorkload.probe(target.view(), operation, type);
              if (target.deviceName().contains(p.device())) {
                return "";
              }
              return "it ran on "
                  + p.device()
                  + " instead of "
                  + target.deviceName()
                  + (p.note().isEmpty() ? "" : " (" + firstLine(p.note()) + ")");
            })
        .transform(reason -> reason.isEmpty() ? null : reason);
  }

  /**
   * The modes {@code operation} is timed in: the plan's, and for a scan or a sort in host mode also
   * {@link PrimsWorkload#HOST_INTO} (into the caller's array) and {@link
   * PrimsWorkload#HOST_IN_PLACE}.
   */
  private List<String> modes(Operation operation) {
    List<String> modes = new ArrayList<>(plan.modes());
    if (operation.isSelect() || operation.isUnique()) {
      modes.retainAll(List.of(PrimsWorkload.HOST, PrimsWorkload.DEVICE));
      return modes;
    }
    if (operation == Operation.SORT_PAIRS) {
      modes.retainAll(List.of(PrimsWorkload.DEVICE));
      return modes;
    }
    if (operation.primitive() == dev.prims.Primitive.SCAN && modes.contains(PrimsWorkload.HOST)) {
      int host = modes.indexOf(PrimsWorkload.HOST);
      modes.addAll(host + 1, List.of(PrimsWorkload.HOST_INTO, PrimsWorkload.HOST_IN_PLACE));
    }
    return modes;
  }

  /** Progress steps of one size and type: every operation on every target in each of its modes. */
  private long stepsPerPoint(List<BenchTarget> targets) {
    long steps = 0;
    for (Operation operation : plan.operations()) {
      steps += Math.max(1, targets.size() * modes(operation).size());
    }
    return steps;
  }

  /**
   * Notes (once) that {@code operation} does not take {@code type} and passes over its progress
   * steps.
   */
  private void skipType(List<BenchTarget> targets, Operation operation, DType type) {
    String note =
        operation.family() + " takes int or long keys (compared by ==): " + type.id() + " skipped";
    if (!notes.contains(note)) {
      notes.add(note);
    }
    for (long i = Math.max(1, targets.size() * modes(operation).size()); i > 0; i--) {
      progress.step("skipped");
    }
  }

  private void skipSteps(List<BenchTarget> targets) {
    long steps = stepsPerPoint(targets);
    for (long i = 0; i < steps; i++) {
      progress.step("skipped");
    }
  }

  private static BenchRow row(
      String backend,
      String device,
      Operation operation,
      DType type,
      String mode,
      long n,
      String variant,
      Timing t) {
    return new BenchRow(
        backend,
        device,
        operation.family(),
        operation.op(),
        type.id(),
        mode,
        n,
        variant,
        t.bestMs(),
        t.medianMs(),
        t.reps(),
        t.gbps(operation.bytes(type, n)),
        null,
        null,
        null);
  }

  /** Whether a point that exists only on devices can run {@code operation} in {@code mode}. */
  private static boolean onDevicesOnly(String mode, Operation operation) {
    return mode.equals(PrimsWorkload.DEVICE) && operation.isPlain();
  }

  /**
   * Whether the Java arrays of one point fit in the heap (inputs, widened copies, outputs, and the
   * cpu backend's uploaded copies of two inputs); a point longer than a Java array holds one slice
   * at a time.
   */
  private static boolean fitsOnHost(DType type, long n) {
    if (n > DataSet.LARGEST_JAVA_ARRAY) {
      return true;
    }
    double needed = n * (7.0 * type.bytes() + 2.0 * Double.BYTES);
    return needed <= 0.8 * Runtime.getRuntime().maxMemory();
  }

  /** The first line of a (possibly multi-line) message, stripped; empty for null. */
  public static String firstLine(String message) {
    String m = message == null ? "" : message.strip();
    int end = m.indexOf('\n');
    return end < 0 ? m : m.substring(0, end).strip();
  }
}
