<#-- Segments: the Java source, each family of typed overloads written once (includes/typed.ftl). -->
<#include "/@includes/typed.ftl">
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/Segments.java" />
// Generated from core/src/main/codegen/templates/Segments.java: edit the template, not this file.
package dev.prims;

import static dev.prims.Arguments.notNull;

import dev.prims.engine.Engine;
import dev.prims.engine.Engine.Outcome;
import dev.prims.engine.ResolvedConfig;
import dev.prims.engine.SegmentedCalls;
import dev.prims.spi.ArgOrder;
import dev.prims.spi.Segmenter;
import java.lang.reflect.Array;

/**
 * Segmented reduce and scan over CSR offsets, made by {@link Prims#segments(int[])}: segment {@code
 * s} holds {@code values[offsets[s], offsets[s + 1])}, so {@code n + 1} offsets describe {@code n}
 * segments; the first offset is 0, they never decrease, and the last is the length of the values.
 *
 * <pre>{@code
 * Segments rows = prims.segments(rowOffsets);            // int[] or long[], or a buffer
 * float[] rowSums = rows.reduce(values, ReduceOp.SUM).values();
 * float[] running = rows.scan(values, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
 * long[] rowArgMax = rows.argReduce(values, ReduceOp.MAX).indices();
 * }</pre>
 *
 * <p>Empty segments are allowed: they reduce to the operator's identity ({@link
 * ReduceOp#identity}): 0 for SUM, the largest value ({@code Integer.MAX_VALUE}, {@code
 * Long.MAX_VALUE}, +Infinity) for MIN and the smallest ({@code MIN_VALUE}, -Infinity) for MAX. A
 * scan restarts from the identity at each segment start. Arg-min and arg-max ({@link #argReduce})
 * give each segment's first extreme element and its index in the whole input (not within the
 * segment), ranked as {@link Prims#argReduce(int[], ReduceOp)} ranks them; an empty segment gives
 * the identity and index -1. They are exact, so reproducible mode changes nothing. NaN, signed
 * zeros and integer wrapping follow {@link ReduceOp}. In reproducible mode floating sums and scans
 * have the same bits on every backend: each segment's (or prefix's) exact sum on the fold grids of
 * the whole input's largest magnitude, rounded once.
 *
 * <p>Offsets given as a device buffer are checked once, when this object is made (they are read
 * back then); they must not change afterwards. Host offsets go with host or device values; buffer
 * offsets with buffer values of the same backend. Thread-safe; holds no resources.
 */
public final class Segments {
  private final Engine engine;
  private final ResolvedConfig config;
  private final Object hostOffsets;
  private final DeviceBuffer bufferOffsets;
  private final long count;
  private final long end;

  /**
   * Segments over {@code hostOffsets} (a private copy, checked here), or over {@code bufferOffsets}
   * when not null, of which {@code hostOffsets} is then a copy read back for the check.
   */
  Segments(Engine engine, ResolvedConfig config, Object hostOffsets, DeviceBuffer bufferOffsets) {
    this.engine = engine;
    this.config = config;
    this.end = check(hostOffsets);
    this.count = Array.getLength(hostOffsets) - 1L;
    this.hostOffsets = bufferOffsets == null ? hostOffsets : null;
    this.bufferOffsets = bufferOffsets;
  }

  /**
   * The last offset of valid CSR offsets (an int[] or long[]).
   *
   * @throws IllegalArgumentException naming the offending entries when they are not valid
   */
  static long check(Object offsets) {
    int length = Array.getLength(offsets);
    if (length == 0) {
      throw new IllegalArgumentException(
          "offsets must hold segments + 1 entries (at least the first, 0), got none");
    }
    long first = Array.getLong(offsets, 0);
    if (first != 0) {
      throw new IllegalArgumentException("offsets[0] must be 0, got " + first);
    }
    long previous = 0;
    if (offsets instanceof int[] a) {
      for (int i = 1; i < length; i++) {
        previous = requireNotBelow(a[i], previous, i);
      }
    } else {
      long[] a = (long[]) offsets;
      for (int i = 1; i < length; i++) {
        previous = requireNotBelow(a[i], previous, i);
      }
    }
    return previous;
  }

  private static long requireNotBelow(long value, long previous, int i) {
    if (value < previous) {
      throw new IllegalArgumentException(
          "offsets must not decrease: offsets["
              + (i - 1)
              + "] = "
              + previous
              + " > offsets["
              + i
              + "] = "
              + value);
    }
    return value;
  }

  /** The number of segments (one less than the number of offsets). */
  public long count() {
    return count;
  }

  // ---- reduce ----

<@typed; T>
  public SegmentResult<${T}[]> reduce(${T}[] values, ReduceOp op) {
    return reduceArray(values, op);
  }
</@typed>

  @SuppressWarnings("unchecked")
  private <A> SegmentResult<A> reduceArray(A values, ReduceOp op) {
    DType type = checkHostValues(values, op);
    A result = (A) newArray(type, Math.toIntExact(count));
    Outcome<Void> o =
        reduceOnHost(
            values,
            result,
            null,
            (b, v, offsets, out, unused, call) -> {
              SegmentedCalls.reduce(b, v, offsets, count, out, op, call);
              return null;
            });
    return new SegmentResult<>(result, o.provenance());
  }

  /**
   * Reduces each segment of {@code values} into {@code out[s]} ({@code out} of the same type and
   * backend, at least {@link #count()} elements) on the backend that owns the buffers.
   */
  public Provenance reduce(DeviceBuffer values, DeviceBuffer out, ReduceOp op) {
    checkBuffers(values, out, op, count, "segmented reduce output");
    return onBuffers(
        Primitive.REDUCE,
        (b, offsets, call) -> SegmentedCalls.reduce(b, values, offsets, count, out, op, call),
        values,
        out);
  }

  // ---- arg-min / arg-max ----

  /**
   * Per segment, the first extreme element under {@code op} (MIN: arg-min, MAX: arg-max) and its
   * index in {@code values}; an empty segment gives {@code op}'s identity and index -1.
   *
   * @throws IllegalArgumentException when {@code op} is not MIN or MAX, or the offsets do not end
   *     at the length of the values
   */
<@typed link="argReduce(int[], ReduceOp)"; T>
  public SegmentArgResult<${T}[]> argReduce(${T}[] values, ReduceOp op) {
    return argReduceArray(values, op);
  }
</@typed>

  @SuppressWarnings("unchecked")
  private <A> SegmentArgResult<A> argReduceArray(A values, ReduceOp op) {
    notNull(op, "op");
    ArgOrder.requireMinOrMax(op);
    DType type = checkHostValues(values, op);
    int segments = Math.toIntExact(count);
    A result = (A) newArray(type, segments);
    long[] indices = new long[segments];
    Outcome<Void> o =
        reduceOnHost(
            values,
            result,
            indices,
            (b, v, offsets, out, at, call) -> {
              b.segmenter().argReduce(new Segmenter.ArgPass(v, offsets, count, out, at, op, call));
              return null;
            });
    return new SegmentArgResult<>(result, indices, o.provenance());
  }

  /**
   * {@link #argReduce(int[], ReduceOp)} of device buffers on the backend that owns them: segment
   * {@code s}'s winner to {@code outValues[s]} (the type of {@code values}) and its index to {@code
   * outIndices[s]} (a long buffer); both hold at least {@link #count()} elements, and the three
   * buffers are distinct.
   */
  public Provenance argReduce(
      DeviceBuffer values, DeviceBuffer outValues, DeviceBuffer outIndices, ReduceOp op) {
    notNull(op, "op");
    ArgOrder.requireMinOrMax(op);
    checkBuffers(values, outValues, op, count, "segmented arg-reduce output");
    notNull(outIndices, "outIndices");
    BufferShape.requireAtLeast("segmented arg-reduce indices", outIndices, DType.LONG, count);
    if (outValues == values || outIndices == values || outIndices == outValues) {
      throw new IllegalArgumentException(
          "segmented arg-reduce needs the values, the output values and the indices in three"
              + " different buffers");
    }
    return onBuffers(
        Primitive.REDUCE,
        (b, offsets, call) -> {
          if (count > 0) {
            b.segmenter()
                .argReduce(
                    new Segmenter.ArgPass(values, offsets, count, outValues, outIndices, op, call));
          }
        },
        values,
        outValues,
        outIndices);
  }

  // ---- scan ----

<@segmentedScans>
    return HostArrayCall.scan(
        engine,
        config,
        values,
        hostOffsets,
        (b, v, offsets, out, call) ->
            SegmentedCalls.scan(b, v, offsets, count, out, op, kind, call));
</@segmentedScans>

  /**
   * Scans each segment of {@code values} into {@code out} (same type and backend, at least as long;
   * may be {@code values} itself) on the backend that owns the buffers.
   */
  public Provenance scan(DeviceBuffer values, DeviceBuffer out, ReduceOp op, ScanKind kind) {
    notNull(kind, "scan kind");
    checkBuffers(values, out, op, values == null ? 0 : values.length(), "segmented scan output");
    return onBuffers(
        Primitive.SCAN,
        (b, offsets, call) -> {
          if (values.length() > 0) {
            SegmentedCalls.scan(b, values, offsets, count, out, op, kind, call);
          }
        },
        values,
        out);
  }

  // ---- checks and plumbing ----

  /**
   * A per-segment reduction of host values with the host offsets, into one or two host results
   * (one element per segment).
   */
  private Outcome<Void> reduceOnHost(
      Object values, Object result, Object secondResult, HostArrayCall.Work<Void> work) {
    return HostArrayCall.run(
        engine,
        config,
        Primitive.REDUCE,
        DType.ofArray(values),
        DType.bytesOf(values) + DType.bytesOf(hostOffsets),
        count == 0,
        null,
        values,
        hostOffsets,
        result,
        secondResult,
        work);
  }

  /** Work on the buffers' backend with the offsets as a buffer there. */
  @FunctionalInterface
  private interface BufferWork {
    void run(dev.prims.spi.Backend backend, DeviceBuffer offsets, dev.prims.spi.CallContext call);
  }

  private Provenance onBuffers(Primitive primitive, BufferWork work, DeviceBuffer... used) {
    DeviceBuffer[] buffers = used;
    if (bufferOffsets != null) {
      buffers = java.util.Arrays.copyOf(used, used.length + 1);
      buffers[used.length] = bufferOffsets;
    }
    return engine
        .runOn(
            config,
            primitive,
            (b, call) -> {
              if (bufferOffsets != null) {
                work.run(b, bufferOffsets, call);
              } else {
                try (DeviceBuffer offsets = b.buffers().upload(hostOffsets)) {
                  work.run(b, offsets, call);
                }
              }
              return null;
            },
            buffers)
        .provenance();
  }

  private DType checkHostValues(Object values, ReduceOp op) {
    DType type = HostArrayCall.valuesType(values, op, "segments' offsets", bufferOffsets);
    requireEnd(Array.getLength(values));
    return type;
  }

  private void checkBuffers(
      DeviceBuffer values, DeviceBuffer out, ReduceOp op, long need, String what) {
    notNull(values, "values");
    notNull(out, "out");
    notNull(op, "op").requireSupported(values.type());
    requireEnd(values.length());
    BufferShape.requireAtLeast(what, out, values.type(), need);
  }

  private void requireEnd(long n) {
    if (end != n) {
      throw new IllegalArgumentException(
          "offsets end at offsets["
              + count
              + "] = "
              + end
              + " but the values hold "
              + n
              + " elements");
    }
  }

  static Object newArray(DType type, int length) {
    return Array.newInstance(type.arrayClass().getComponentType(), length);
  }
}
