<#-- Prims: the Java source, each family of typed overloads written once (includes/typed.ftl). -->
<#include "/@includes/typed.ftl">
<#--
  selects: the host-array overloads of ${name} (select or partition) by a Predicate or, with
  flags=true, by int flags; the Javadoc written before the call documents the int overload.
-->
<#macro selects name flags=false>
<#assign by = flags?then("int[] flags", "Predicate predicate")>
<#assign args = flags?then("null, notNullFlags(flags)", "predicate, null")>
<@typed link="${name}(int[], ${flags?then('int[]', 'Predicate')})"; T>
  public SelectResult<${T}[]> ${name}(${T}[] values, ${by}) {
    return SelectCalls.select(engine, config, values, ${args}, ${(name == "partition")?c});
  }
</@typed>
</#macro>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/Prims.java" />
// Generated from core/src/main/codegen/templates/Prims.java: edit the template, not this file.
package dev.prims;

import static dev.prims.Arguments.notNull;

import com.google.inject.Guice;
import com.google.inject.Injector;
import dev.prims.engine.BackendRegistry;
import dev.prims.engine.ConfigKeys;
import dev.prims.engine.CostModel;
import dev.prims.engine.Engine;
import dev.prims.engine.Engine.Outcome;
import dev.prims.engine.PrimsModule;
import dev.prims.engine.ReproducibleMode;
import dev.prims.engine.ResolvedConfig;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferManager;
import dev.prims.spi.BufferSort;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import dev.prims.spi.HostScanRange;
import dev.prims.spi.Scanner;
import java.lang.reflect.Array;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The facade: reduce, scan, histogram and dot over Java arrays and device buffers, on the backend
 * chosen by configuration. Thread-safe; close it to release every backend.
 *
 * <pre>{@code
 * try (Prims prims = Prims.create()) {                 // prims.backend, prims.device, ...
 *   float sum = prims.reduce(values, ReduceOp.SUM).asFloat();
 *   long[] prefix = prims.scan(longs, ReduceOp.SUM, ScanKind.EXCLUSIVE).values();
 *   HistogramResult h = prims.histogram(values, HistogramSpec.even(256, 0, 1));
 *   double d = prims.dot(x, y).asDouble();
 *   Prims gpu = prims.backend("cuda");                 // explicit choice, no fallback
 *   try (DeviceBuffer d = gpu.upload(values)) {          // data stays on the device
 *     gpu.reduce(d, ReduceOp.MAX);
 *   }
 *   CompletableFuture<Scalar> f = prims.reduceAsync(values, ReduceOp.SUM);
 * }
 * }</pre>
 *
 * <p>With {@code prims.backend=auto} each call on host arrays runs where the {@link #costModel()}
 * estimates it is fastest (the provenance note says why); calls on buffers run where the buffers
 * live.
 *
 * <p>Views made with {@link #backend}, {@link #with(String, String)}, {@link #variant} and {@link
 * #determinism} share this engine; closing a view does nothing, closing the root closes all.
 */
public final class Prims implements AutoCloseable {
  private final Engine engine;
  private final ResolvedConfig config;
  private final boolean root;

  private Prims(Engine engine, ResolvedConfig config, boolean root) {
    this.engine = engine;
    this.config = config;
    this.root = root;
  }

  /** An engine configured from system properties, environment, {@code prims.properties}. */
  public static Prims create() {
    return create(PrimsConfig.empty());
  }

  /**
   * An engine with {@code config} taking precedence over the other sources.
   *
   * @throws IllegalArgumentException if {@code prims.backend} names an unknown backend
   */
  public static Prims create(PrimsConfig config) {
    ResolvedConfig resolved = ResolvedConfig.resolve(notNull(config, "config"));
    return create(resolved, new PrimsModule(resolved));
  }

  /**
   * An engine over exactly {@code providers} instead of those {@link java.util.ServiceLoader} finds
   * (for embedding where service files are unavailable, and for tests with fake backends). The
   * first provider per id wins.
   */
  public static Prims create(PrimsConfig config, java.util.List<BackendProvider> providers) {
    ResolvedConfig resolved = ResolvedConfig.resolve(notNull(config, "config"));
    Map<String, BackendProvider> byId = new LinkedHashMap<>();
    providers.forEach(p -> byId.putIfAbsent(p.id(), p));
    return create(resolved, new PrimsModule(resolved, byId));
  }

  private static Prims create(ResolvedConfig resolved, PrimsModule module) {
    ConfigKeys.of(module.providers().values()).check(resolved);
    Injector injector = Guice.createInjector(module);
    Engine engine = injector.getInstance(Engine.class);
    engine.candidates(resolved);
    return new Prims(engine, resolved, true);
  }

  // ---- views ----

  /** A view that runs only on backend {@code id}, without fallback. */
  public Prims backend(String id) {
    engine.registry().provider(notNull(id, "backend id"));
    return with(PrimsConfig.BACKEND, id).with(PrimsConfig.FALLBACK, "false");
  }

  /** A view using {@code variant} for {@code primitive}. */
  public Prims variant(Primitive primitive, String variant) {
    return with(primitive.variantKey(), variant);
  }

  /** A view with {@code determinism}. */
  public Prims determinism(Determinism determinism) {
    return with(PrimsConfig.DETERMINISM, determinism.id());
  }

  /**
   * A view with one configuration key overridden (device choice excepted: it is fixed).
   *
   * @throws IllegalArgumentException when nothing reads {@code key} (naming the nearest known key)
   *     or {@code value} is null
   */
  public Prims with(String key, String value) {
    PrimsConfig.requireKey(key);
    engine.registry().configurationKeys().requireKnown(key);
    notNull(value, key);
    return new Prims(engine, config.with(key, value), false);
  }

  // ---- what is here ----

  /** Every discovered backend with its availability, in id order. Opens nothing. */
  public Map<String, Availability> backends() {
    Map<String, Availability> result = new LinkedHashMap<>();
    for (String id : engine.registry().ids()) {
      result.put(id, engine.registry().probe(id));
    }
    return result;
  }

  /** The resolved configuration of this view. */
  public Map<String, String> configuration() {
    return config.values();
  }

  /**
   * The cost model {@code prims.backend=auto} chooses with: {@link CostModel#rates()} gives each
   * usable backend's measured bandwidths and launch overhead (measuring on first use).
   */
  public CostModel costModel() {
    return engine.costModel(config);
  }

  /** The backend calls on this view run on first (opening it if needed). */
  public Backend primaryBackend() {
    return engine.primary(config);
  }

  // ---- reduce ----

<@typed; T>
  public Scalar reduce(${T}[] values, ReduceOp op) {
    return reduceArray(values, op);
  }
</@typed>

  private Scalar reduceArray(Object values, ReduceOp op) {
    DType type = DType.ofArray(values);
    checkReduce(type, op, Array.getLength(values));
    return scalarOfArrays(
        Primitive.REDUCE,
        type,
        DType.bytesOf(values),
        Array.getLength(values),
        () -> op.identity(type),
        (b, call) -> {
          if (!ReproducibleMode.applies(call, type, op)) {
            return b.reducer().reduce(b.buffers(), values, op, call);
          }
          try (DeviceBuffer input = b.buffers().wrap(values)) {
            return ReproducibleMode.sum(b, input, call);
          }
        });
  }

  /** Reduces a device buffer on the backend that owns it. */
  public Scalar reduce(DeviceBuffer values, ReduceOp op) {
    Outcome<Number> o = reduceBuffer(values, op);
    return scalar(values.type(), o);
  }

  private Outcome<Number> reduceBuffer(DeviceBuffer values, ReduceOp op) {
    notNull(values, "values");
    DType type = values.type();
    checkReduce(type, op, values.length());
    return scalarOfBuffers(
        Primitive.REDUCE,
        () -> op.identity(type),
        (b, call) ->
            ReproducibleMode.applies(call, type, op)
                ? ReproducibleMode.sum(b, values, call)
                : b.reducer().reduce(values, op, call),
        values);
  }

  /**
   * A call on host arrays of {@code n} elements whose result is a scalar of {@code type} (reduce,
   * dot): {@code empty} when {@code n} is 0, else {@code work}.
   */
  private Scalar scalarOfArrays(
      Primitive primitive,
      DType type,
      long hostBytes,
      int n,
      Supplier<Number> empty,
      Engine.BackendCall<Number> work) {
    Outcome<Number> o =
        engine.run(
            config,
            primitive,
            type,
            hostBytes,
            (b, call) -> n == 0 ? empty.get() : work.apply(b, call));
    return scalar(type, o);
  }

  /**
   * A call on {@code buffers} (of one backend and length) whose result is a scalar of their type:
   * {@code empty} when they hold no elements, else {@code work}.
   */
  private Outcome<Number> scalarOfBuffers(
      Primitive primitive,
      Supplier<Number> empty,
      Engine.BackendCall<Number> work,
      DeviceBuffer... buffers) {
    return engine.runOn(
        config,
        primitive,
        (b, call) -> buffers[0].length() == 0 ? empty.get() : work.apply(b, call),
        buffers);
  }

  /** The outcome of a call as a scalar of {@code type}, with where it was computed. */
  private static Scalar scalar(DType type, Outcome<Number> o) {
    return new Scalar(type, o.value(), o.provenance());
  }

  private static void checkReduce(DType type, ReduceOp op, long n) {
    requireOp(op).requireSupported(type);
    requireNonEmpty(op, n);
  }

  private static ReduceOp requireOp(ReduceOp op) {
    return notNull(op, "op");
  }

  private static void requireNonEmpty(ReduceOp op, long n) {
    if (n == 0 && !op.hasEmptyValue()) {
      throw new IllegalArgumentException(op.name() + " of an empty input has no value");
    }
  }

  // ---- scan ----

<@scans />

  @SuppressWarnings("unchecked")
  private <A> ScanResult<A> scanArray(A values, ReduceOp op, ScanKind kind) {
    int n = Array.getLength(notNull(values, "values"));
    A result = (A) Array.newInstance(values.getClass().getComponentType(), n);
    return new ScanResult<>(result, scanRange(values, 0, result, 0, n, op, kind));
  }

  /**
   * Scans {@code input} into {@code output} (at least as long; the rest of it is untouched). {@code
   * input == output} scans in place. Nothing is allocated for the result.
   *
   * @throws IllegalArgumentException when an array is null or {@code output} is shorter (naming the
   *     lengths)
   */
<@typed link="scan(int[], int[], ReduceOp, ScanKind)"; T>
  public Provenance scan(${T}[] input, ${T}[] output, ReduceOp op, ScanKind kind) {
    return scanRange(input, 0, output, 0, lengthOf(input), op, kind);
  }
</@typed>

  /**
   * Scans {@code input[inputOffset, inputOffset + length)} into {@code output[outputOffset,
   * outputOffset + length)}; the rest of {@code output} is untouched. The same array with equal
   * offsets scans in place.
   *
   * @throws IllegalArgumentException when an array is null, a range lies outside its array, or
   *     different ranges of one array overlap (naming the offsets and lengths)
   */
<@typed link="scan(int[], int, int[], int, int, ReduceOp, ScanKind)"; T>
  public Provenance scan(
      ${T}[] input,
      int inputOffset,
      ${T}[] output,
      int outputOffset,
      int length,
      ReduceOp op,
      ScanKind kind) {
    return scanRange(input, inputOffset, output, outputOffset, length, op, kind);
  }
</@typed>

  private Provenance scanRange(
      Object input,
      int inputOffset,
      Object output,
      int outputOffset,
      int length,
      ReduceOp op,
      ScanKind kind) {
    DType type = DType.ofArray(notNull(input, "input"));
    notNull(output, "output");
    requireOp(op).requireSupported(type);
    requireKind(kind);
    checkRange("input", Array.getLength(input), inputOffset, length);
    checkRange("output", Array.getLength(output), outputOffset, length);
    if (input == output
        && inputOffset != outputOffset
        && overlap(inputOffset, outputOffset, length)) {
      throw new IllegalArgumentException(
          "input range ["
              + inputOffset
              + ", "
              + (inputOffset + length)
              + ") and output range ["
              + outputOffset
              + ", "
              + (outputOffset + length)
              + ") of one array overlap; equal offsets scan in place");
    }
    return engine
        .run(
            config,
            Primitive.SCAN,
            type,
            2L * length * type.bytes(),
            (b, call) -> {
              if (length > 0 && ReproducibleMode.applies(call, type, op)) {
                try (DeviceBuffer in = b.buffers().wrap(input, inputOffset, length);
                    DeviceBuffer out =
                        input == output
                            ? b.buffers().allocate(type, length)
                            : b.buffers().outputFor(output, outputOffset, length)) {
                  ReproducibleMode.scan(b, in, out, kind, call);
                  b.buffers().download(out, output, outputOffset, length);
                }
              } else if (length > 0) {
                HostScanRange range =
                    new HostScanRange(input, inputOffset, output, outputOffset, length);
                b.scanner().scan(b.buffers(), range, op, kind, call);
              }
              return null;
            })
        .provenance();
  }

  private static int lengthOf(Object array) {
    return Array.getLength(notNull(array, "input"));
  }

  private static boolean overlap(int a, int b, int length) {
    return length > 0 && Math.abs((long) a - b) < length;
  }

  /** {@code [offset, offset + length)} lies inside an array of {@code arrayLength} elements. */
  private static void checkRange(String what, int arrayLength, int offset, int length) {
    if (offset < 0 || length < 0 || offset > arrayLength - length) {
      throw new IllegalArgumentException(
          what
              + " range of offset "
              + offset
              + " and length "
              + length
              + " does not fit in an array of "
              + arrayLength
              + " elements");
    }
  }

  private static void requireKind(ScanKind kind) {
    notNull(kind, "scan kind");
  }

  /**
   * Scans {@code input} into {@code output} (same type, at least as long, same backend; may be the
   * same buffer) on the backend that owns them.
   */
  public Provenance scan(DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind) {
    return scanBuffer(input, output, op, kind).provenance();
  }

  private Outcome<Void> scanBuffer(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind) {
    checkScan(input, output, op, kind);
    return engine.runOn(
        config,
        Primitive.SCAN,
        (b, call) -> {
          if (input.length() > 0 && ReproducibleMode.applies(call, input.type(), op)) {
            ReproducibleMode.scan(b, input, output, kind, call);
          } else if (input.length() > 0) {
            b.scanner().scan(input, output, op, kind, call);
          }
          return null;
        },
        input,
        output);
  }

  private static void checkScan(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind) {
    notNull(input, "input");
    notNull(output, "output");
    requireKind(kind);
    requireOp(op).requireSupported(input.type());
    requireSameBackend(input, output);
    Scanner.requireOutput(input, output);
  }

  // ---- histogram ----

<@typed of="integers"; T>
  /** Counts ${T} keys: key k in bin k when {@code 0 <= k < bins}. */
  public HistogramResult histogram(${T}[] keys, int bins) {
    return histogramArray(keys, HistogramSpec.keys(bins));
  }
</@typed>

<@typed of="floats"; T>
  /** Counts ${T} values into even bins. */
  public HistogramResult histogram(${T}[] values, HistogramSpec spec) {
    return histogramArray(values, spec);
  }
</@typed>

  /**
   * {@link #histogram(int[], int)} into the caller's {@code counts} (exactly {@code bins} long,
   * overwritten); the result's {@link HistogramResult#counts()} is {@code counts} itself.
   *
   * @throws IllegalArgumentException when {@code counts} is null or of another length (naming both)
   */
<@typed of="integers" link="histogram(int[], int, long[])"; T>
  public HistogramResult histogram(${T}[] keys, int bins, long[] counts) {
    return histogramInto(keys, HistogramSpec.keys(bins), counts);
  }
</@typed>

<@typed of="floats"; T>
  /** {@link #histogram(${T}[], HistogramSpec)} into the caller's {@code counts} (see above). */
  public HistogramResult histogram(${T}[] values, HistogramSpec spec, long[] counts) {
    return histogramInto(values, spec, counts);
  }
</@typed>

  private HistogramResult histogramArray(Object values, HistogramSpec spec) {
    checkSpec(spec, DType.ofArray(values));
    SizeLimits.requireHeap(8L * spec.bins(), "a histogram of " + spec.bins() + " bins");
    return histogramInto(values, spec, new long[spec.bins()]);
  }

  private HistogramResult histogramInto(Object values, HistogramSpec spec, long[] counts) {
    DType type = DType.ofArray(values);
    checkSpec(spec, type);
    if (notNull(counts, "counts").length != spec.bins()) {
      throw new IllegalArgumentException(
          "histogram counts must hold " + spec.bins() + " bins, got long[" + counts.length + "]");
    }
    Outcome<Long> o =
        engine.run(
            config,
            Primitive.HISTOGRAM,
            type,
            DType.bytesOf(values),
            (b, call) -> {
              SizeLimits.requireDeviceMemory(
                  b, DType.LONG, spec.bins(), "a histogram of " + spec.bins() + " bins");
              java.util.Arrays.fill(counts, 0);
              return Array.getLength(values) == 0
                  ? 0L
                  : b.histogrammer().histogram(b.buffers(), values, spec, counts, call);
            });
    return new HistogramResult(counts, o.value(), o.provenance());
  }

  /** The spec suits {@code type}, and even float bounds stay a usable range in float. */
  private static void checkSpec(HistogramSpec spec, DType type) {
    notNull(spec, "spec").requireCompatible(type);
    if (type == DType.FLOAT && spec.isEven()) {
      EvenBins.of(spec, type);
    }
  }

  /**
   * Counts a device buffer into {@code counts} (a LONG buffer of {@code spec.bins()} elements on
   * the same backend) and returns the number of values out of range.
   */
  public long histogram(DeviceBuffer values, HistogramSpec spec, DeviceBuffer counts) {
    return histogramBuffer(values, spec, counts).value();
  }

  private Outcome<Long> histogramBuffer(
      DeviceBuffer values, HistogramSpec spec, DeviceBuffer counts) {
    checkHistogram(values, spec, counts);
    return engine.runOn(
        config,
        Primitive.HISTOGRAM,
        (b, call) -> b.histogrammer().histogram(values, spec, counts, call),
        values,
        counts);
  }

  private static void checkHistogram(DeviceBuffer values, HistogramSpec spec, DeviceBuffer counts) {
    notNull(values, "values");
    notNull(counts, "counts");
    checkSpec(spec, values.type());
    requireSameBackend(values, counts);
    if (counts.type() != DType.LONG || counts.length() != spec.bins()) {
      throw new IllegalArgumentException(
          "histogram counts must be a long buffer of "
              + spec.bins()
              + " elements, got "
              + counts.type().id()
              + " with "
              + counts.length());
    }
    if (counts == values) {
      throw new IllegalArgumentException(
          "histogram counts must be a buffer of their own, not the values buffer ("
              + values
              + "): the counts are zeroed and written while the values are read");
    }
  }

  // ---- dot ----

<@typed; T>
  public Scalar dot(${T}[] a, ${T}[] b) {
    return dotArrays(a, b);
  }
</@typed>

  private Scalar dotArrays(Object a, Object b) {
    DType type = DType.ofArray(a);
    DType.ofArray(b);
    requireSameLength(Array.getLength(a), Array.getLength(b));
    return scalarOfArrays(
        Primitive.DOT,
        type,
        DType.bytesOf(a) + DType.bytesOf(b),
        Array.getLength(a),
        () -> ReduceOp.SUM.identity(type),
        (backend, call) -> {
          if (!ReproducibleMode.appliesToDot(call, type)) {
            return backend.dot().dot(backend.buffers(), a, b, call);
          }
          try (DeviceBuffer da = backend.buffers().wrap(a);
              DeviceBuffer db = backend.buffers().wrap(b)) {
            return ReproducibleMode.dot(backend, da, db, call);
          }
        });
  }

  /** Dot product of two device buffers of one backend. */
  public Scalar dot(DeviceBuffer a, DeviceBuffer b) {
    Outcome<Number> o = dotBuffers(a, b);
    return scalar(a.type(), o);
  }

  private Outcome<Number> dotBuffers(DeviceBuffer a, DeviceBuffer b) {
    checkDot(a, b);
    return scalarOfBuffers(
        Primitive.DOT,
        () -> ReduceOp.SUM.identity(a.type()),
        (backend, call) ->
            ReproducibleMode.appliesToDot(call, a.type())
                ? ReproducibleMode.dot(backend, a, b, call)
                : backend.dot().dot(a, b, call),
        a,
        b);
  }

  private static void checkDot(DeviceBuffer a, DeviceBuffer b) {
    notNull(a, "a");
    notNull(b, "b");
    requireSameBackend(a, b);
    if (a.type() != b.type()) {
      throw new IllegalArgumentException(
          "dot needs inputs of one type, got " + a.type().id() + " and " + b.type().id());
    }
    requireSameLength(a.length(), b.length());
  }

  private static void requireSameLength(long a, long b) {
    if (a != b) {
      throw new IllegalArgumentException(
          "dot needs inputs of equal length, got " + a + " and " + b);
    }
  }

  private static void requireSameBackend(DeviceBuffer a, DeviceBuffer b) {
    a.requireOpen();
    b.requireOpen();
    if (!a.backend().equals(b.backend())) {
      throw new IllegalArgumentException(
          "buffers live on different backends: " + a.backend() + " and " + b.backend());
    }
  }

  // ---- arg-min / arg-max and moments (ArgReduceCalls, MomentsCalls) ----

  /**
   * The first extreme element and its index: {@code op} MIN (arg-min) or MAX (arg-max). Values rank
   * as {@link Math#min}/{@link Math#max} rank them, made total: {@code -0.0} below {@code +0.0},
   * and a NaN is the most extreme value for both (the first NaN wins). Among equal values the first
   * wins.
   *
   * @throws IllegalArgumentException for an op other than MIN or MAX, or an empty input (as {@link
   *     #reduce(int[], ReduceOp)} with MIN or MAX)
   */
<@typed link="argReduce(int[], ReduceOp)"; T>
  public ArgResult argReduce(${T}[] values, ReduceOp op) {
    return ArgReduceCalls.onArray(engine, config, values, op);
  }
</@typed>

  /** {@link #argReduce(int[], ReduceOp)} of a device buffer, on the backend that owns it. */
  public ArgResult argReduce(DeviceBuffer values, ReduceOp op) {
    return ArgReduceCalls.onBuffer(engine, config, values, op);
  }

  /** {@link #argReduce(DeviceBuffer, ReduceOp)} asynchronously (see {@link #reduceAsync}). */
  public CompletableFuture<ArgResult> argReduceAsync(DeviceBuffer values, ReduceOp op) {
    return ArgReduceCalls.onBufferAsync(engine, config, values, op);
  }

  /** Count, mean, variances and standard deviations in one pass (see {@link Moments}). */
<@typed link="moments(int[])"; T>
  public Moments moments(${T}[] values) {
    return MomentsCalls.onArray(engine, config, values);
  }
</@typed>

  /** {@link #moments(int[])} of a device buffer, on the backend that owns it. */
  public Moments moments(DeviceBuffer values) {
    return MomentsCalls.onBuffer(engine, config, values);
  }

  /** {@link #moments(DeviceBuffer)} asynchronously (see {@link #reduceAsync}). */
  public CompletableFuture<Moments> momentsAsync(DeviceBuffer values) {
    return MomentsCalls.onBufferAsync(engine, config, values);
  }

  // ---- sort (SortCalls) ----

  /**
   * A new array of {@code keys} sorted ascending; {@code keys} is untouched. Floating keys are
   * ordered as {@link SortOrder} says ({@code -0.0} before {@code +0.0}, NaNs last).
   */
<@typed link="sort(int[])"; T>
  public SortResult<${T}[]> sort(${T}[] keys) {
    return SortCalls.copy(engine, config, keys, SortOrder.ASCENDING);
  }
</@typed>

  /** A new array of {@code keys} sorted in {@code order}; {@code keys} is untouched. */
<@typed link="sort(int[], SortOrder)"; T>
  public SortResult<${T}[]> sort(${T}[] keys, SortOrder order) {
    return SortCalls.copy(engine, config, keys, order);
  }
</@typed>

  /**
   * Sorts {@code keys} into the caller's {@code output} (the same length; {@code keys} itself sorts
   * in place, as {@link #sortInPlace(int[], SortOrder)}). Nothing is allocated for the result.
   *
   * @throws IllegalArgumentException when an array is null or the lengths differ (naming them)
   */
<@typed link="sort(int[], int[], SortOrder)"; T>
  public Provenance sort(${T}[] keys, ${T}[] output, SortOrder order) {
    return SortCalls.into(engine, config, keys, output, order);
  }
</@typed>

  /** Sorts {@code keys} in place in {@code order}. */
<@typed link="sortInPlace(int[], SortOrder)"; T>
  public Provenance sortInPlace(${T}[] keys, SortOrder order) {
    return SortCalls.sort(engine, config, keys, null, order);
  }
</@typed>

  /**
   * Sorts {@code keys} in place in {@code order}, moving {@code values[i]} (as long as {@code
   * keys}) with {@code keys[i]}. The sort is stable: values of equal keys keep their order, so
   * values {@code 0, 1, ..., n - 1} come out as the argsort of {@code keys}.
   *
   * @throws IllegalArgumentException when an array is null or the lengths differ (naming them)
   */
  public Provenance sortPairs(int[] keys, int[] values, SortOrder order) {
    return SortCalls.pairs(engine, config, keys, values, order);
  }

  /** {@link #sortPairs(int[], int[], SortOrder)} of int keys and long values. */
  public Provenance sortPairs(int[] keys, long[] values, SortOrder order) {
    return SortCalls.pairs(engine, config, keys, values, order);
  }

<#list ["long", "float", "double"] as K>
<@typed of="integers"; T>
  /** {@link #sortPairs(int[], int[], SortOrder)} of ${K} keys and ${T} values. */
  public Provenance sortPairs(${K}[] keys, ${T}[] values, SortOrder order) {
    return SortCalls.pairs(engine, config, keys, values, order);
  }
</@typed>
<#sep>

</#sep>
</#list>

  /**
   * Sorts the buffer {@code keys} in place in {@code order} on the backend that owns it (a backend
   * without a sort of buffers throws {@link UnsupportedOperationException}).
   */
  public Provenance sortInPlace(DeviceBuffer keys, SortOrder order) {
    return SortCalls.buffers(
        engine, config, BufferSort.inPlace(keys, null, order, 0, keyBits(keys)));
  }

  /**
   * Sorts the buffer {@code keys} in place by bits {@code [beginBit, endBit)} of their radix bits
   * only, for callers who know their keys' range: keys in {@code [0, 2^k)} sort fully with {@code
   * (0, k)} in fewer passes. The radix bits of a key are an unsigned integer of its width whose
   * order is {@code order} (two's complement keys with the sign bit flipped, floating keys ordered
   * as {@link SortOrder} says, all bits complemented for descending); keys whose bits in the range
   * are equal keep their input order.
   *
   * @throws IllegalArgumentException unless {@code 0 <= beginBit <= endBit <=} the key's width in
   *     bits
   */
  public Provenance sortInPlace(DeviceBuffer keys, SortOrder order, int beginBit, int endBit) {
    return SortCalls.buffers(
        engine, config, BufferSort.inPlace(keys, null, order, beginBit, endBit));
  }

  /**
   * Sorts the buffer {@code keys} into {@code output} (the same type and length, on the same
   * backend; {@code keys} is left unchanged unless it is {@code output}).
   */
  public Provenance sort(DeviceBuffer keys, DeviceBuffer output, SortOrder order) {
    return SortCalls.buffers(
        engine, config, new BufferSort(keys, null, output, null, order, 0, keyBits(keys)));
  }

  /**
   * {@link #sort(DeviceBuffer, DeviceBuffer, SortOrder)} by bits {@code [beginBit, endBit)} of the
   * keys' radix bits (see {@link #sortInPlace(DeviceBuffer, SortOrder, int, int)}).
   */
  public Provenance sort(
      DeviceBuffer keys, DeviceBuffer output, SortOrder order, int beginBit, int endBit) {
    return SortCalls.buffers(
        engine, config, new BufferSort(keys, null, output, null, order, beginBit, endBit));
  }

  /**
   * Sorts the buffer {@code keys} in place in {@code order}, moving the int or long buffer {@code
   * values} (as long as {@code keys}, on the same backend) with them; stable, as {@link
   * #sortPairs(int[], int[], SortOrder)}.
   */
  public Provenance sortPairs(DeviceBuffer keys, DeviceBuffer values, SortOrder order) {
    return SortCalls.buffers(
        engine, config, BufferSort.inPlace(keys, values, order, 0, keyBits(keys)));
  }

  /**
   * {@link #sortPairs(DeviceBuffer, DeviceBuffer, SortOrder)} by bits {@code [beginBit, endBit)} of
   * the keys' radix bits (see {@link #sortInPlace(DeviceBuffer, SortOrder, int, int)}).
   */
  public Provenance sortPairs(
      DeviceBuffer keys, DeviceBuffer values, SortOrder order, int beginBit, int endBit) {
    return SortCalls.buffers(
        engine, config, BufferSort.inPlace(keys, values, order, beginBit, endBit));
  }

  /**
   * Sorts the buffer {@code keys} into {@code keysOut} and moves {@code values} with them into
   * {@code valuesOut} (each output of its input's type and length, all on one backend; the inputs
   * are left unchanged unless they are the outputs); stable.
   */
  public Provenance sortPairs(
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer keysOut,
      DeviceBuffer valuesOut,
      SortOrder order) {
    return SortCalls.buffers(
        engine, config, new BufferSort(keys, values, keysOut, valuesOut, order, 0, keyBits(keys)));
  }

  /**
   * {@link #sortPairs(DeviceBuffer, DeviceBuffer, DeviceBuffer, DeviceBuffer, SortOrder)} by bits
   * {@code [beginBit, endBit)} of the keys' radix bits (see {@link #sortInPlace(DeviceBuffer,
   * SortOrder, int, int)}).
   */
  public Provenance sortPairs(
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer keysOut,
      DeviceBuffer valuesOut,
      SortOrder order,
      int beginBit,
      int endBit) {
    return SortCalls.buffers(
        engine, config, new BufferSort(keys, values, keysOut, valuesOut, order, beginBit, endBit));
  }

  // ---- select, partition, top-k (SelectCalls) ----

  /**
   * The values of {@code values} for which {@code predicate} holds, in input order, in a new array
   * of exactly that many ({@link SelectResult#kept()}).
   *
   * @throws IllegalArgumentException when an argument is null
   */
<@selects name="select"/>

  /**
   * The values of {@code values} where {@code flags[i] != 0} (flags as long as the values), in
   * input order, in a new array of exactly that many.
   *
   * @throws IllegalArgumentException when an argument is null or the lengths differ (naming both)
   */
<@selects name="select" flags=true/>

  /**
   * A new array of the values of {@code values} for which {@code predicate} holds, in input order,
   * followed by the others in input order; {@link SelectResult#kept()} says where the others start.
   */
<@selects name="partition"/>

  /**
   * {@link #partition(int[], Predicate)} by {@code flags[i] != 0} (as {@link #select(int[],
   * int[])}).
   */
<@selects name="partition" flags=true/>

  /**
   * Writes the values of the buffer {@code values} for which {@code predicate} holds, in order, to
   * the front of {@code output} (the values' type and length, on the same backend; the rest of it
   * is left unspecified) and returns how many.
   */
  public SelectCount select(DeviceBuffer values, Predicate predicate, DeviceBuffer output) {
    return SelectCalls.select(engine, config, values, predicate, null, output, false);
  }

  /**
   * {@link #select(DeviceBuffer, Predicate, DeviceBuffer)} of the values where the int buffer
   * {@code flags} (as long as the values) is not 0.
   */
  public SelectCount select(DeviceBuffer values, DeviceBuffer flags, DeviceBuffer output) {
    return SelectCalls.select(engine, config, values, null, notNullFlags(flags), output, false);
  }

  /**
   * {@link #select(DeviceBuffer, Predicate, DeviceBuffer)} followed in {@code output} by the other
   * values in order.
   */
  public SelectCount partition(DeviceBuffer values, Predicate predicate, DeviceBuffer output) {
    return SelectCalls.select(engine, config, values, predicate, null, output, true);
  }

  /** {@link #select(DeviceBuffer, DeviceBuffer, DeviceBuffer)} followed by the other values. */
  public SelectCount partition(DeviceBuffer values, DeviceBuffer flags, DeviceBuffer output) {
    return SelectCalls.select(engine, config, values, null, notNullFlags(flags), output, true);
  }

  /**
   * The {@code k} smallest or largest values of {@code values} ({@code 1 <= k <= n}) in order
   * (ascending for {@link TopKOrder#SMALLEST}, descending for {@link TopKOrder#LARGEST}; floats as
   * {@link Float#compare} orders them; equal values by lower index first), with their indices in
   * {@code values}. Device backends select them by radix select, without sorting the n values.
   *
   * @throws IllegalArgumentException when k is outside {@code [1, n]} (naming both) or an argument
   *     is null
   */
<@typed link="topK(int[], int, TopKOrder)"; T>
  public TopKResult<${T}[]> topK(${T}[] values, int k, TopKOrder order) {
    return SelectCalls.topK(engine, config, values, k, order);
  }
</@typed>

  /**
   * {@link #topK(int[], int, TopKOrder)} of the buffer {@code values} into {@code valuesOut} (of
   * the values' type) and the int buffer {@code indicesOut}, both exactly k long, on the same
   * backend.
   */
  public Provenance topK(
      DeviceBuffer values,
      int k,
      TopKOrder order,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut) {
    return SelectCalls.topK(engine, config, values, k, order, valuesOut, indicesOut);
  }

  private static <F> F notNullFlags(F flags) {
    if (flags == null) {
      throw new IllegalArgumentException("flags must not be null");
    }
    return flags;
  }

  private static int keyBits(DeviceBuffer keys) {
    return notNull(keys, "keys").type().bytes() * Byte.SIZE;
  }

  // ---- exact states of reproducible sums and dots (for merging parts computed apart) ----

  // ---- unique and run-length encode ----

  /**
   * The first value of each run of equal adjacent values, in order (consecutive duplicates removed,
   * as {@code std::unique}); {@code kept} is the number of runs. Int and long only.
   *
   * @throws IllegalArgumentException for float or double values (compare their bits as ints)
   */
<@typed of="integers" link="unique(int[])"; T>
  public SelectResult<${T}[]> unique(${T}[] values) {
    return UniqueCalls.unique(engine, config, values);
  }
</@typed>

  /**
   * {@link #unique(int[])} of an int or long buffer into {@code output} (same type and backend, at
   * least as long, not the values); returns the number of runs written.
   */
  public SelectCount unique(DeviceBuffer values, DeviceBuffer output) {
    return UniqueCalls.unique(engine, config, values, output);
  }

  /**
   * Run-length encoding: the value and length of each run of equal adjacent values, in order. Int
   * and long only; an empty input has no runs.
   *
   * @throws IllegalArgumentException for float or double values (compare their bits as ints)
   */
<@typed of="integers" link="runLengthEncode(int[])"; T>
  public RunLengthResult<${T}[]> runLengthEncode(${T}[] values) {
    return UniqueCalls.encode(engine, config, values);
  }
</@typed>

  /**
   * {@link #runLengthEncode(int[])} of an int or long buffer: run {@code r}'s value to {@code
   * output[r]} (same type and backend, at least as long, not the values) and its length to {@code
   * lengths[r]} (a long buffer at least as long as the values).
   *
   * @return the number of runs, as a long {@link Scalar}
   */
  public Scalar runLengthEncode(DeviceBuffer values, DeviceBuffer output, DeviceBuffer lengths) {
    return UniqueCalls.encode(engine, config, values, output, lengths);
  }

  /** {@link #foldSums(double[])} of floats. */
  public FoldSums foldSums(float[] values) {
    return foldSumsArray(values);
  }

  /**
   * The exact state of the reproducible sum of {@code values}, whatever {@code prims.determinism}:
   * fold sums that merge exactly with those of other parts ({@link FoldSums#plus}, any order and
   * grouping), so that {@link FoldSums#finish} of the merged state has the bits of the reproducible
   * sum of all parts together. Zero for an empty array; {@link FoldSums#isNonFinite} when a NaN or
   * an infinity is present.
   */
  public FoldSums foldSums(double[] values) {
    return foldSumsArray(values);
  }

  private FoldSums foldSumsArray(Object values) {
    DType type = DType.ofArray(values);
    FoldPlan.foldsFor(type);
    return engine
        .run(
            config,
            Primitive.REDUCE,
            type,
            DType.bytesOf(values),
            (b, call) -> {
              if (Array.getLength(values) == 0) {
                return FoldSums.zero(type);
              }
              try (DeviceBuffer input = b.buffers().wrap(values)) {
                return ReproducibleMode.foldSums(b, input, call);
              }
            })
        .value();
  }

  /** {@link #foldDot(double[], double[], FoldPlan)} of floats. */
  public FoldSums foldDot(float[] a, float[] b, FoldPlan plan) {
    return foldDotArrays(a, b, plan);
  }

  /**
   * The exact fold sums of the products {@code a[i] * b[i]} on {@code plan}'s grids, whatever
   * {@code prims.determinism}: the state of a reproducible dot computed in parts. Every part uses
   * the plan of the whole input, {@code FoldPlan.forMaxAbs(type, max|a| * max|b|)} (maxima over all
   * parts); the merged states' {@link FoldSums#finish} then has the bits of the reproducible dot of
   * the whole.
   *
   * @throws IllegalArgumentException when the lengths differ or the plan is of another type
   */
  public FoldSums foldDot(double[] a, double[] b, FoldPlan plan) {
    return foldDotArrays(a, b, plan);
  }

  private FoldSums foldDotArrays(Object a, Object b, FoldPlan plan) {
    DType type = DType.ofArray(a);
    DType.ofArray(b);
    requireSameLength(Array.getLength(a), Array.getLength(b));
    if (notNull(plan, "plan").type() != type) {
      throw new IllegalArgumentException(
          "a " + plan.type().id() + " plan cannot fold " + type.id() + " products");
    }
    return engine
        .run(
            config,
            Primitive.DOT,
            type,
            DType.bytesOf(a) + DType.bytesOf(b),
            (backend, call) -> {
              if (Array.getLength(a) == 0) {
                return FoldSums.zero(type);
              }
              try (DeviceBuffer da = backend.buffers().wrap(a);
                  DeviceBuffer db = backend.buffers().wrap(b)) {
                return ReproducibleMode.foldDot(backend, da, db, plan, call);
              }
            })
        .value();
  }

  // ---- segmented and by-key ----

  /**
   * Segments over CSR offsets ({@code n + 1} entries for {@code n} segments), for segmented reduce
   * and scan on this view; the offsets are copied and checked here.
   *
   * @throws IllegalArgumentException when the offsets are empty, do not start at 0, or decrease
   *     (naming the entries)
   */
  public Segments segments(int[] offsets) {
    return new Segments(engine, config, notNull(offsets, "offsets").clone(), null);
  }

  /** {@link #segments(int[])} with long offsets. */
  public Segments segments(long[] offsets) {
    return new Segments(engine, config, notNull(offsets, "offsets").clone(), null);
  }

  /**
   * Segments over CSR offsets in an int or long device buffer, for segmented calls on buffers of
   * its backend; the offsets are read back once and checked here, and must not change afterwards.
   */
  public Segments segments(DeviceBuffer offsets) {
    notNull(offsets, "offsets").requireOpen();
    if (offsets.type().isFloating() || offsets.length() > SizeLimits.MAX_ARRAY_LENGTH) {
      throw new IllegalArgumentException(
          "offsets must be an int or long buffer of at most "
              + SizeLimits.MAX_ARRAY_LENGTH
              + " elements, got "
              + offsets);
    }
    Object copy =
        Array.newInstance(offsets.type().arrayClass().getComponentType(), (int) offsets.length());
    download(offsets, copy);
    return new Segments(engine, config, copy, offsets);
  }

<@typed of="integers"; T>
  /** Runs of equal adjacent ${T} keys, for reduce-by-key and scan-by-key on this view. */
  public ByKey<${T}[]> byKey(${T}[] keys) {
    return new ByKey<>(engine, config, notNull(keys, "keys"));
  }
</@typed>

  /** Runs of equal adjacent keys of an int or long buffer, for by-key calls on its backend. */
  public ByKey<DeviceBuffer> byKey(DeviceBuffer keys) {
    notNull(keys, "keys").requireOpen();
    if (keys.type().isFloating()) {
      throw new IllegalArgumentException("keys must be int or long, got " + keys.type().id());
    }
    return new ByKey<>(engine, config, keys);
  }

  // ---- buffers ----

  /** A new buffer on this view's first backend. */
  public DeviceBuffer allocate(DType type, long length) {
    notNull(type, "type");
    if (length < 0) {
      throw new IllegalArgumentException("buffer length must not be negative, got " + length);
    }
    return engine.call(
        () -> {
          Backend backend = primaryBackend();
          SizeLimits.requireDeviceMemory(
              backend, type, length, "a buffer of " + length + " elements");
          return backend.buffers().allocate(type, length);
        });
  }

  /** A buffer on this view's first backend holding a copy of {@code array}. */
  public DeviceBuffer upload(Object array) {
    DType.ofArray(array);
    return engine.call(() -> primaryBackend().buffers().upload(array));
  }

  /**
   * A buffer on this view's first backend holding a copy of {@code array[offset, offset + length)}.
   *
   * @throws IllegalArgumentException when the slice is outside the array (naming the sizes)
   */
  public DeviceBuffer upload(Object array, int offset, int length) {
    DType.ofArray(array);
    BufferManager.checkSlice(array, offset, length);
    return engine.call(() -> primaryBackend().buffers().upload(array, offset, length));
  }

  /**
   * A buffer of {@code type} on this view's first backend holding a copy of the remaining bytes of
   * {@code data} (native byte order; direct buffers avoid a copy on the Java heap). The position of
   * {@code data} is unchanged.
   *
   * @throws IllegalArgumentException when the byte order is not native or the remaining bytes are
   *     not a whole number of elements
   */
  public DeviceBuffer upload(java.nio.ByteBuffer data, DType type) {
    notNull(data, "data");
    notNull(type, "type");
    requireNativeOrder(data);
    if (data.remaining() % type.bytes() != 0) {
      throw new IllegalArgumentException(
          data.remaining()
              + " remaining bytes are not a whole number of "
              + type.id()
              + " elements");
    }
    return engine.call(() -> primaryBackend().buffers().upload(data, type));
  }

  /**
   * Copies the first {@code length} elements of {@code buffer} into {@code array[offset, offset +
   * length)}.
   *
   * @throws IllegalArgumentException when the types differ, the slice is outside the array, or the
   *     buffer is shorter than {@code length} (naming the sizes)
   */
  public void download(DeviceBuffer buffer, Object array, int offset, int length) {
    notNull(buffer, "buffer").requireOpen();
    DType type = DType.ofArray(array);
    BufferManager.checkSlice(array, offset, length);
    checkDownload(buffer, type, array, length, length + " elements of a buffer of ");
    transfer(buffer, buffers -> buffers.download(buffer, array, offset, length));
  }

  /**
   * Copies {@code array[offset, offset + length)} into {@code buffer} starting at element {@code
   * at}, leaving the rest of the buffer as it was: how a buffer longer than any Java array (or than
   * one device, on a multi-device engine) is filled, slice by slice.
   *
   * @throws IllegalArgumentException when the types differ or the slice is outside the array or,
   *     placed at {@code at}, outside the buffer (naming the sizes)
   */
  public void write(DeviceBuffer buffer, long at, Object array, int offset, int length) {
    notNull(buffer, "buffer").requireOpen();
    DType type = DType.ofArray(notNull(array, "array"));
    BufferManager.checkSlice(array, offset, length);
    if (type != buffer.type() || at < 0 || at > buffer.length() - length) {
      throw new IllegalArgumentException(
          "cannot write "
              + length
              + " "
              + type.id()
              + " elements at "
              + at
              + " into a buffer of "
              + buffer.length()
              + " "
              + buffer.type().id());
    }
    transfer(
        buffer,
        buffers -> {
          if (length > 0) {
            buffers.write(buffer, at, array, offset, length);
          }
        });
  }

  /** {@link #write(DeviceBuffer, long, Object, int, int)} of the whole array. */
  public void write(DeviceBuffer buffer, long at, Object array) {
    write(buffer, at, array, 0, Array.getLength(notNull(array, "array")));
  }

  /** Copies the first {@code array.length} elements of {@code buffer} into {@code array}. */
  public void download(DeviceBuffer buffer, Object array) {
    notNull(buffer, "buffer").requireOpen();
    DType type = DType.ofArray(array);
    checkDownload(buffer, type, array, Array.getLength(array), "");
    transfer(buffer, buffers -> buffers.download(buffer, array));
  }

  /**
   * Copies every element of {@code buffer} into the remaining bytes of {@code data} (native byte
   * order) from its position, which is unchanged: a direct buffer takes the device's own path (on
   * CUDA and OpenCL the pinned staging slots when large), so results can land in memory that
   * another library (Arrow, Netty, a memory-mapped file) already holds.
   *
   * @throws IllegalArgumentException when the byte order is not native, {@code data} is read-only,
   *     or its remaining bytes cannot hold the buffer's elements (naming the sizes)
   */
  public void download(DeviceBuffer buffer, java.nio.ByteBuffer data) {
    notNull(buffer, "buffer").requireOpen();
    notNull(data, "data");
    requireNativeOrder(data);
    if (data.isReadOnly()) {
      throw new IllegalArgumentException("cannot download into a read-only ByteBuffer");
    }
    if (buffer.length() > data.remaining() / buffer.type().bytes()) {
      throw new IllegalArgumentException(
          "cannot download "
              + buffer.length()
              + " "
              + buffer.type().id()
              + " into a ByteBuffer of "
              + data.remaining()
              + " remaining bytes");
    }
    java.nio.ByteBuffer view = data.slice().order(java.nio.ByteOrder.nativeOrder());
    transfer(buffer, buffers -> buffers.download(buffer, view));
  }

  /** @throws IllegalArgumentException when {@code data} is not in native byte order */
  private static void requireNativeOrder(java.nio.ByteBuffer data) {
    if (data.order() != java.nio.ByteOrder.nativeOrder()) {
      throw new IllegalArgumentException(
          "ByteBuffer must be in native byte order (" + java.nio.ByteOrder.nativeOrder() + ")");
    }
  }

  /**
   * @throws IllegalArgumentException "cannot download {@code what}N TYPE into TYPE[M]" when {@code
   *     array} (of {@code type}) differs in type from {@code buffer} or {@code length} is more than
   *     {@code buffer} holds
   */
  private static void checkDownload(
      DeviceBuffer buffer, DType type, Object array, long length, String what) {
    if (type != buffer.type() || length > buffer.length()) {
      throw new IllegalArgumentException(
          "cannot download "
              + what
              + buffer.length()
              + " "
              + buffer.type().id()
              + " into "
              + type.id()
              + "["
              + Array.getLength(array)
              + "]");
    }
  }

  /**
   * Runs {@code transfer} on the buffers of the backend that owns {@code buffer}, once the calls
   * on it already running on the pool are done.
   */
  private void transfer(DeviceBuffer buffer, Consumer<BufferManager> transfer) {
    engine.call(
        () -> {
          Backend owner = engine.owner(buffer);
          engine.awaitPoolCalls(owner.id());
          transfer.accept(owner.buffers());
          return null;
        });
  }

  // ---- asynchronous calls ----
  // Calls on host arrays run the synchronous call on the engine's thread pool. Calls on device
  // buffers are enqueued on the backend's own stream or queue where it has an asynchronous path
  // (Backend.asyncPath) and the view is in fast mode, else they too run on the pool. Calls on one
  // backend's buffers take effect in issue order (Engine.runOnAsync, Engine.awaitPoolCalls). The
  // future completes with the result or with the synchronous call's exception. Safe from many
  // threads; arrays must not change, and buffers must stay open, until completion.

<@typed; T>
  /** {@link #reduce(${T}[], ReduceOp)} asynchronously. */
  public CompletableFuture<Scalar> reduceAsync(${T}[] values, ReduceOp op) {
    return engine.async(() -> reduce(values, op));
  }
</@typed>

  /**
   * {@link #reduce(DeviceBuffer, ReduceOp)} asynchronously: enqueued on the backend's stream or
   * queue where it has an asynchronous path (CUDA, OpenCL), so the calling thread does not wait for
   * the device; on the engine's pool otherwise. Calls on one backend's buffers, synchronous ones
   * and downloads included, take effect in the order they were issued, so a chain needs no waiting
   * in between. Dependent stages of a stream call run on the backend's completion thread.
   */
  public CompletableFuture<Scalar> reduceAsync(DeviceBuffer values, ReduceOp op) {
    return scalarAsync(
        values,
        Primitive.REDUCE,
        () -> reduceBuffer(values, op),
        () -> checkReduce(values.type(), op, values.length()),
        () -> op.identity(values.type()),
        (b, call) -> b.reducer().reduceAsync(values, op, call));
  }

  /**
   * A call on the buffer {@code values} whose result is a scalar of its type, asynchronously (see
   * {@link #reduceAsync(DeviceBuffer, ReduceOp)}): {@code sync} where it runs on the pool; on the
   * backend's asynchronous path {@code check}, then {@code empty} for empty values, else {@code
   * work}.
   */
  private CompletableFuture<Scalar> scalarAsync(
      DeviceBuffer values,
      Primitive primitive,
      Supplier<Outcome<Number>> sync,
      Runnable check,
      Supplier<Number> empty,
      Engine.AsyncBackendCall<Number> work) {
    return engine
        .runOnAsync(
            config,
            values,
            primitive,
            sync,
            (b, call) -> {
              check.run();
              return values.length() == 0
                  ? CompletableFuture.completedFuture(empty.get())
                  : work.apply(b, call);
            })
        .thenApply(o -> scalar(values.type(), o));
  }

<@typed; T>
  /** {@link #scan(${T}[], ReduceOp, ScanKind)} asynchronously. */
  public CompletableFuture<ScanResult<${T}[]>> scanAsync(
      ${T}[] values, ReduceOp op, ScanKind kind) {
    return engine.async(() -> scan(values, op, kind));
  }
</@typed>

  /**
   * {@link #scan(DeviceBuffer, DeviceBuffer, ReduceOp, ScanKind)} asynchronously; the future
   * completes when {@code output} holds the scan. Later calls on the same backend see {@code
   * output} complete without waiting for this future (they run in the backend's stream order).
   */
  public CompletableFuture<Provenance> scanAsync(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind) {
    return engine
        .runOnAsync(
            config,
            input,
            Primitive.SCAN,
            () -> scanBuffer(input, output, op, kind),
            (b, call) -> {
              checkScan(input, output, op, kind);
              return input.length() == 0
                  ? CompletableFuture.<Void>completedFuture(null)
                  : b.scanner().scanAsync(input, output, op, kind, call);
            })
        .thenApply(Outcome::provenance);
  }

<@typed of="integers"; T>
  /** {@link #histogram(${T}[], int)} asynchronously. */
  public CompletableFuture<HistogramResult> histogramAsync(${T}[] keys, int bins) {
    return engine.async(() -> histogram(keys, bins));
  }
</@typed>

<@typed of="floats"; T>
  /** {@link #histogram(${T}[], HistogramSpec)} asynchronously. */
  public CompletableFuture<HistogramResult> histogramAsync(${T}[] values, HistogramSpec spec) {
    return engine.async(() -> histogram(values, spec));
  }
</@typed>

  /**
   * {@link #histogram(DeviceBuffer, HistogramSpec, DeviceBuffer)} asynchronously; the future
   * completes with the out-of-range count when {@code counts} holds the histogram.
   */
  public CompletableFuture<Long> histogramAsync(
      DeviceBuffer values, HistogramSpec spec, DeviceBuffer counts) {
    return engine
        .runOnAsync(
            config,
            values,
            Primitive.HISTOGRAM,
            () -> histogramBuffer(values, spec, counts),
            (b, call) -> {
              checkHistogram(values, spec, counts);
              return b.histogrammer().histogramAsync(values, spec, counts, call);
            })
        .thenApply(Outcome::value);
  }

<@typed; T>
  /** {@link #dot(${T}[], ${T}[])} asynchronously. */
  public CompletableFuture<Scalar> dotAsync(${T}[] a, ${T}[] b) {
    return engine.async(() -> dot(a, b));
  }
</@typed>

  /** {@link #dot(DeviceBuffer, DeviceBuffer)} asynchronously (see {@link #reduceAsync}). */
  public CompletableFuture<Scalar> dotAsync(DeviceBuffer a, DeviceBuffer b) {
    return scalarAsync(
        a,
        Primitive.DOT,
        () -> dotBuffers(a, b),
        () -> checkDot(a, b),
        () -> ReduceOp.SUM.identity(a.type()),
        (backend, call) -> backend.dot().dotAsync(a, b, call));
  }

  /**
   * Closes the engine (a view's close does nothing): new calls are refused at once with an {@link
   * IllegalStateException} saying the engine is closed; calls already running on other threads, and
   * asynchronous calls already submitted, finish first (close waits for them up to {@link
   * Engine#CLOSE_TIMEOUT}, 60 seconds, then closes anyway and logs how many were still running);
   * then every backend closes with its thread pool and its buffers ({@link DeviceBuffer#isClosed()}
   * becomes true). Idempotent.
   */
  @Override
  public void close() {
    if (root) {
      engine.close();
    }
  }

  /** Whether this engine is closing or closed (new calls are refused). */
  public boolean isClosed() {
    return engine.isClosing();
  }

  /** The registry behind this engine (for tools such as the CLI). */
  public BackendRegistry registry() {
    return engine.registry();
  }
}
