<#-- ByKey: the Java source, each family of typed overloads written once (includes/typed.ftl). -->
<#include "/@includes/typed.ftl">
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/ByKey.java" />
// Generated from core/src/main/codegen/templates/ByKey.java: edit the template, not this file.
package dev.prims;

import static dev.prims.Arguments.notNull;

import dev.prims.engine.Engine;
import dev.prims.engine.Engine.Outcome;
import dev.prims.engine.ResolvedConfig;
import dev.prims.engine.SegmentedCalls;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * Reduce-by-key and scan-by-key over runs of equal adjacent int or long keys, made by {@link
 * Prims#byKey(int[])}: each maximal run of equal keys is one segment (keys need not be sorted; a
 * key that comes back later starts a new run).
 *
 * <pre>{@code
 * ByKey<int[]> groups = prims.byKey(sortedKeys);
 * ByKeyResult<int[], double[]> totals = groups.reduce(amounts, ReduceOp.SUM);
 * // totals.keys()[r] is run r's key, totals.values()[r] its sum, totals.runs() the run count
 * double[] running = groups.scan(amounts, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
 * }</pre>
 *
 * <p>Values follow the rules of {@link Segments}, reproducible mode included. Host keys go with
 * host values, buffer keys with buffer values of the same backend. Thread-safe; holds no resources.
 *
 * @param <K> the keys: {@code int[]}, {@code long[]} or {@link DeviceBuffer}
 */
public final class ByKey<K> {
  private final Engine engine;
  private final ResolvedConfig config;
  private final K keys;

  ByKey(Engine engine, ResolvedConfig config, K keys) {
    this.engine = engine;
    this.config = config;
    this.keys = keys;
  }

  // ---- reduce ----

<@typed; T>
  public ByKeyResult<K, ${T}[]> reduce(${T}[] values, ReduceOp op) {
    return reduceArray(values, op);
  }
</@typed>

  @SuppressWarnings("unchecked")
  private <A> ByKeyResult<K, A> reduceArray(A values, ReduceOp op) {
    DType type = checkHostValues(values, op);
    int n = Array.getLength(values);
    Object uniqueKeys = Segments.newArray(DType.ofArray(keys), n);
    Object result = Segments.newArray(type, n);
    Outcome<Long> o =
        HostArrayCall.run(
            engine,
            config,
            Primitive.REDUCE,
            type,
            DType.bytesOf(values) + DType.bytesOf(keys),
            n == 0,
            0L,
            keys,
            values,
            uniqueKeys,
            result,
            (b, k, v, uk, out, call) -> SegmentedCalls.reduceByKey(b, k, v, uk, out, op, call));
    int runs = Math.toIntExact(o.value());
    return new ByKeyResult<>(
        (K) copyOf(uniqueKeys, runs), (A) copyOf(result, runs), runs, o.provenance());
  }

  /**
   * Reduces each run of {@code values} on the backend that owns the buffers: run {@code r}'s key
   * goes to {@code uniqueKeys[r]} (the keys' type) and its reduction to {@code out[r]} (the values'
   * type); both need as many elements as the values, as every key may start a run.
   *
   * @return the number of runs, as a long {@link Scalar}
   */
  public Scalar reduce(
      DeviceBuffer values, DeviceBuffer uniqueKeys, DeviceBuffer out, ReduceOp op) {
    DeviceBuffer k = checkBuffers(values, out, op, "reduce-by-key output");
    notNull(uniqueKeys, "uniqueKeys");
    BufferShape.requireAtLeast("reduce-by-key unique keys", uniqueKeys, k.type(), k.length());
    Outcome<Long> o =
        engine.runOn(
            config,
            Primitive.REDUCE,
            (b, call) ->
                values.length() == 0
                    ? 0L
                    : SegmentedCalls.reduceByKey(b, k, values, uniqueKeys, out, op, call),
            k,
            values,
            uniqueKeys,
            out);
    return new Scalar(DType.LONG, o.value(), o.provenance());
  }

  // ---- scan ----

<@segmentedScans>
    return HostArrayCall.scan(
        engine,
        config,
        values,
        keys,
        (b, v, k, out, call) -> SegmentedCalls.scanByKey(b, k, v, out, op, kind, call));
</@segmentedScans>

  /**
   * Scans each run of {@code values} into {@code out} (same type and backend, at least as long; may
   * be {@code values} itself) on the backend that owns the buffers.
   */
  public Provenance scan(DeviceBuffer values, DeviceBuffer out, ReduceOp op, ScanKind kind) {
    notNull(kind, "scan kind");
    DeviceBuffer k = checkBuffers(values, out, op, "scan-by-key output");
    return engine
        .runOn(
            config,
            Primitive.SCAN,
            (b, call) -> {
              if (values.length() > 0) {
                SegmentedCalls.scanByKey(b, k, values, out, op, kind, call);
              }
              return null;
            },
            k,
            values,
            out)
        .provenance();
  }

  // ---- checks ----

  private DType checkHostValues(Object values, ReduceOp op) {
    DType type =
        HostArrayCall.valuesType(
            values, op, "keys", keys instanceof DeviceBuffer buffer ? buffer : null);
    requireSameLength(Array.getLength(keys), Array.getLength(values));
    return type;
  }

  private DeviceBuffer checkBuffers(
      DeviceBuffer values, DeviceBuffer out, ReduceOp op, String what) {
    notNull(values, "values");
    notNull(out, "out");
    notNull(op, "op").requireSupported(values.type());
    if (!(keys instanceof DeviceBuffer k)) {
      throw new IllegalArgumentException(
          "these keys are a host array; pass the values as an array too, or make the keys a buffer");
    }
    requireSameLength(k.length(), values.length());
    BufferShape.requireAtLeast(what, out, values.type(), values.length());
    return k;
  }

  private static void requireSameLength(long keys, long values) {
    if (keys != values) {
      throw new IllegalArgumentException(
          "keys and values differ in length: " + keys + " keys, " + values + " values");
    }
  }

  private static Object copyOf(Object array, int length) {
    if (array instanceof int[] a) {
      return Arrays.copyOf(a, length);
    }
    if (array instanceof long[] a) {
      return Arrays.copyOf(a, length);
    }
    if (array instanceof float[] a) {
      return Arrays.copyOf(a, length);
    }
    return Arrays.copyOf((double[]) array, length);
  }
}
