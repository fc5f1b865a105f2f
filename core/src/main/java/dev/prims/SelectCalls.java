package dev.prims;

import static dev.prims.Arguments.notNull;

import dev.prims.engine.Engine;
import dev.prims.engine.ResolvedConfig;
import dev.prims.engine.Workload;
import dev.prims.spi.SelectProgram;
import dev.prims.spi.Selector;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * Select, partition and top-k through the engine, as {@link Prims} offers them: validation, then
 * the backend's {@link Selector}. They run on the SCAN path: a select is a scan of flags and a
 * scatter, a top-k digit histograms and selects.
 */
final class SelectCalls {
  private SelectCalls() {}

  /** The kept values of {@code values} (and the rest after them for a partition). */
  @SuppressWarnings("unchecked")
  static <A> SelectResult<A> select(
      Engine engine,
      ResolvedConfig config,
      A values,
      Predicate predicate,
      int[] flags,
      boolean partition) {
    DType type = DType.ofArray(notNull(values, "values"));
    int n = Array.getLength(values);
    long[] program = program(type, predicate, flags);
    if (flags != null && flags.length != n) {
      throw new IllegalArgumentException(
          "flags have length " + flags.length + ", the values have length " + n);
    }
    long bytes = (long) n * type.bytes() + (flags == null ? 0 : 4L * n);
    Engine.Outcome<Selector.Selection> o =
        engine.run(
            config,
            Primitive.SCAN,
            Workload.of(Workload.Kind.SELECT, type, true),
            bytes,
            (b, call) ->
                b.selector()
                    .select(
                        b.buffers(),
                        new Selector.ArraySelect(values, program, flags, partition),
                        call));
    return new SelectResult<>((A) o.value().values(), o.value().kept(), o.provenance());
  }

  /** Select or partition of buffers, into {@code out}. */
  static SelectCount select(
      Engine engine,
      ResolvedConfig config,
      DeviceBuffer values,
      Predicate predicate,
      DeviceBuffer flags,
      DeviceBuffer out,
      boolean partition) {
    notNull(values, "values");
    notNull(out, "output");
    long[] program = program(values.type(), predicate, flags);
    BufferShape.require("output", out, values.type(), values.length());
    if (out == values) {
      throw new IllegalArgumentException("output must not be the values buffer itself");
    }
    List<DeviceBuffer> all = new ArrayList<>(List.of(values, out));
    if (flags != null) {
      BufferShape.require(
          "flags", flags, DType.INT, values.length(), "an int buffer of length " + values.length());
      if (flags == out) {
        throw new IllegalArgumentException("output must not be the flags buffer itself");
      }
      all.add(flags);
    }
    Engine.Outcome<Long> o =
        engine.runOn(
            config,
            Primitive.SCAN,
            (b, call) ->
                b.selector()
                    .select(
                        new Selector.BufferSelect(values, program, flags, out, partition), call),
            all.toArray(new DeviceBuffer[0]));
    return new SelectCount(o.value(), o.provenance());
  }

  /** The k smallest or largest values of the array {@code values}, with their indices. */
  @SuppressWarnings("unchecked")
  static <A> TopKResult<A> topK(
      Engine engine, ResolvedConfig config, A values, int k, TopKOrder order) {
    DType type = DType.ofArray(notNull(values, "values"));
    notNull(order, "top-k order");
    int n = Array.getLength(values);
    checkK(k, n);
    A out = (A) Array.newInstance(values.getClass().getComponentType(), k);
    int[] indices = new int[k];
    Engine.Outcome<Void> o =
        engine.run(
            config,
            Primitive.SCAN,
            Workload.of(Workload.Kind.SELECT, type, true),
            (long) n * type.bytes(),
            (b, call) -> {
              b.selector()
                  .topK(b.buffers(), new Selector.ArrayTopK(values, k, order, out, indices), call);
              return null;
            });
    return new TopKResult<>(out, indices, o.provenance());
  }

  /** Top-k of buffers into {@code valuesOut} and the int buffer {@code indicesOut}, both k long. */
  static Provenance topK(
      Engine engine,
      ResolvedConfig config,
      DeviceBuffer values,
      int k,
      TopKOrder order,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut) {
    notNull(values, "values");
    notNull(order, "top-k order");
    notNull(valuesOut, "values output");
    notNull(indicesOut, "indices output");
    if (values.length() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "top-k takes at most " + Integer.MAX_VALUE + " values, got " + values.length());
    }
    checkK(k, values.length());
    BufferShape.require(
        "values output", valuesOut, values.type(), k, values.type().id() + " of length k = " + k);
    BufferShape.require("indices output", indicesOut, DType.INT, k, "int of length k = " + k);
    if (valuesOut == values || indicesOut == values || indicesOut == valuesOut) {
      throw new IllegalArgumentException(
          "the values, their output and the indices output must be three distinct buffers");
    }
    Engine.Outcome<Void> o =
        engine.runOn(
            config,
            Primitive.SCAN,
            (b, call) -> {
              b.selector()
                  .topK(new Selector.BufferTopK(values, k, order, valuesOut, indicesOut), call);
              return null;
            },
            values,
            valuesOut,
            indicesOut);
    return o.provenance();
  }

  private static void checkK(int k, long n) {
    if (k < 1 || k > n) {
      throw new IllegalArgumentException(
          "k must be in [1, n] for top-k of n = " + n + " values, got k = " + k);
    }
  }

  /** The program of a predicate, or of flags; exactly one of them is given. */
  private static long[] program(DType type, Predicate predicate, Object flags) {
    if ((predicate == null) == (flags == null)) {
      throw new IllegalArgumentException(
          predicate == null ? "predicate must not be null" : "give a predicate or flags, not both");
    }
    return predicate != null ? predicate.program(type) : SelectProgram.flags();
  }
}
