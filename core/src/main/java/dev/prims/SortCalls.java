package dev.prims;

import static dev.prims.Arguments.notNull;

import dev.prims.engine.Engine;
import dev.prims.engine.Engine.Outcome;
import dev.prims.engine.ResolvedConfig;
import dev.prims.engine.Workload;
import dev.prims.spi.BufferSort;
import dev.prims.spi.Sorter;
import java.lang.reflect.Array;

/**
 * Sorts through the engine, as {@link Prims} offers them: validation, then the backend's {@link
 * Sorter} (fallback, provenance). Sorts run on the SCAN path: a radix sort is digit histograms, a
 * scan of their counts and a scatter.
 */
final class SortCalls {
  private SortCalls() {}

  /** A new sorted copy of {@code keys}. */
  @SuppressWarnings("unchecked")
  static <A> SortResult<A> copy(Engine engine, ResolvedConfig config, A keys, SortOrder order) {
    notNull(order, "sort order");
    Outcome<Object> o =
        onHost(
            engine,
            config,
            notNull(keys, "keys"),
            DType.bytesOf(keys),
            (b, call) -> b.sorter().sortedCopy(keys, order, call));
    return new SortResult<>((A) o.value(), o.provenance());
  }

  /** {@code keys} sorted into {@code output} (the same length; it may be {@code keys}). */
  static Provenance into(
      Engine engine, ResolvedConfig config, Object keys, Object output, SortOrder order) {
    int n = Array.getLength(notNull(keys, "keys"));
    notNull(output, "output");
    if (output.getClass() != keys.getClass()) {
      throw new IllegalArgumentException(
          "output is a "
              + output.getClass().getSimpleName()
              + ", keys a "
              + keys.getClass().getSimpleName());
    }
    sameLength("output", Array.getLength(output), n);
    return sortInto(engine, config, keys, output, order);
  }

  /** Runs the backend's {@link Sorter#sortInto} of checked arrays. */
  private static Provenance sortInto(
      Engine engine, ResolvedConfig config, Object keys, Object output, SortOrder order) {
    notNull(order, "sort order");
    return onHost(
            engine,
            config,
            keys,
            DType.bytesOf(keys),
            (b, call) -> {
              b.sorter().sortInto(keys, output, order, call);
              return null;
            })
        .provenance();
  }

  /** Sorts {@code keys} in place, {@code values} (an int[] or long[]) moving with them. */
  static Provenance pairs(
      Engine engine, ResolvedConfig config, Object keys, Object values, SortOrder order) {
    return sort(engine, config, keys, notNull(values, "values"), order);
  }

  /** Sorts {@code keys} in place, {@code values} (null, int[] or long[]) moving with them. */
  static Provenance sort(
      Engine engine, ResolvedConfig config, Object keys, Object values, SortOrder order) {
    DType.ofArray(notNull(keys, "keys"));
    notNull(order, "sort order");
    int n = Array.getLength(keys);
    if (values != null) {
      if (!(values instanceof int[]) && !(values instanceof long[])) {
        throw new IllegalArgumentException(
            "values must be an int[] or long[], not a " + values.getClass().getSimpleName());
      }
      if (values == keys) {
        throw new IllegalArgumentException("values must not be the keys array itself");
      }
      sameLength("values", Array.getLength(values), n);
    }
    return onHost(
            engine,
            config,
            keys,
            DType.bytesOf(keys) + (values == null ? 0 : DType.bytesOf(values)),
            (b, call) -> {
              b.sorter().sort(keys, values, order, call);
              return null;
            })
        .provenance();
  }

  /**
   * Checks and runs {@code sort} (see {@link BufferSort}) on the backend that owns all its buffers.
   */
  static Provenance buffers(Engine engine, ResolvedConfig config, BufferSort sort) {
    DeviceBuffer keys = notNull(sort.keys(), "keys");
    DeviceBuffer keysOut = notNull(sort.keysOut(), "keys output");
    notNull(sort.order(), "sort order");
    DeviceBuffer values = sort.values();
    DeviceBuffer valuesOut = sort.valuesOut();
    int width = keys.type().bytes() * Byte.SIZE;
    if (sort.beginBit() < 0 || sort.endBit() > width || sort.beginBit() > sort.endBit()) {
      throw new IllegalArgumentException(
          "sort bits [beginBit, endBit) must satisfy 0 <= beginBit <= endBit <= "
              + width
              + " for "
              + keys.type().id()
              + " keys, got beginBit "
              + sort.beginBit()
              + " and endBit "
              + sort.endBit());
    }
    BufferShape.require("keys output", keysOut, keys.type(), keys.length());
    java.util.List<DeviceBuffer> all = new java.util.ArrayList<>(java.util.List.of(keys));
    if (keysOut != keys) {
      all.add(keysOut);
    }
    if ((values == null) != (valuesOut == null)) {
      throw new IllegalArgumentException(
          "values and their output must both be given or both be null");
    }
    if (values != null) {
      if (values.type() != DType.INT && values.type() != DType.LONG) {
        throw new IllegalArgumentException(
            "values must be an int or long buffer, not " + values.type().id());
      }
      if (values == keys || values == keysOut || valuesOut == keys || valuesOut == keysOut) {
        throw new IllegalArgumentException("values must not be the keys buffers themselves");
      }
      if (values.length() != keys.length()) {
        throw new IllegalArgumentException(
            "values have length " + values.length() + ", the keys have length " + keys.length());
      }
      BufferShape.require("values output", valuesOut, values.type(), values.length());
      all.add(values);
      if (valuesOut != values) {
        all.add(valuesOut);
      }
    }
    Outcome<Void> o =
        engine.runOn(
            config,
            Primitive.SCAN,
            (b, call) -> {
              b.sorter().sort(sort, call);
              return null;
            },
            all.toArray(new DeviceBuffer[0]));
    return o.provenance();
  }

  private static void sameLength(String name, int length, int n) {
    if (length != n) {
      throw new IllegalArgumentException(
          name + " has length " + length + ", the keys have length " + n);
    }
  }

  /**
   * Runs {@code work}, a sort of the host array {@code keys} moving {@code bytes}, on the SCAN
   * path; {@code auto} ranks the backends by their sorts' costs.
   */
  private static <T> Outcome<T> onHost(
      Engine engine, ResolvedConfig config, Object keys, long bytes, Engine.BackendCall<T> work) {
    return engine.run(
        config,
        Primitive.SCAN,
        Workload.of(Workload.Kind.SORT, DType.ofArray(keys), true),
        bytes,
        work);
  }
}
