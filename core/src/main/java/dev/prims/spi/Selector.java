package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.TopKOrder;
import java.lang.reflect.Array;

/**
 * Select (stream compaction), partition and top-k. The engine has checked the arguments: values of
 * int, long, float or double; a program from {@link SelectProgram} (from a {@link
 * dev.prims.Predicate} or {@link SelectProgram#flags()}, then with int flags as long as the
 * values); {@code 1 <= k <= n}.
 */
public interface Selector {
  /** Kept values of a host array: {@code values} holds the result, {@code kept} how many kept. */
  record Selection(Object values, int kept) {}

  /**
   * A select of the array {@code values} by {@code program}; {@code flags} is the int[] beside the
   * values for a flags program, else null.
   */
  record ArraySelect(Object values, long[] program, int[] flags, boolean partition) {}

  /**
   * A select of the buffer {@code values} by {@code program} into {@code out} (as long as the
   * values, of their type); {@code flags}: the int buffer of a flags program, else null.
   */
  record BufferSelect(
      DeviceBuffer values,
      long[] program,
      DeviceBuffer flags,
      DeviceBuffer out,
      boolean partition) {
    /** This select of {@code values}, {@code flags} (null for none) and {@code out}. */
    public BufferSelect on(DeviceBuffer values, DeviceBuffer flags, DeviceBuffer out) {
      return new BufferSelect(values, program, flags, out, partition);
    }
  }

  /** A top-k of the array {@code values} into {@code valuesOut} and {@code indicesOut}, k long. */
  record ArrayTopK(Object values, int k, TopKOrder order, Object valuesOut, int[] indicesOut) {}

  /**
   * A top-k of the buffer {@code values} into {@code valuesOut} of the values' type and {@code
   * indicesOut} of int, both {@code k} long.
   */
  record BufferTopK(
      DeviceBuffer values,
      int k,
      TopKOrder order,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut) {
    /** This top-k of {@code values} into {@code valuesOut} and {@code indicesOut}. */
    public BufferTopK on(DeviceBuffer values, DeviceBuffer valuesOut, DeviceBuffer indicesOut) {
      return new BufferTopK(values, k, order, valuesOut, indicesOut);
    }
  }

  /**
   * Keeps the values of the array for which the program holds, in order, in a new array of exactly
   * that many (or, for a partition, a new array of the input's length with the other values after
   * the kept ones, in order). The default goes through buffers.
   */
  default Selection select(BufferManager buffers, ArraySelect select, CallContext call) {
    Object values = select.values();
    int n = Array.getLength(values);
    try (DeviceBuffer in = buffers.wrap(values);
        DeviceBuffer f = select.flags() == null ? null : buffers.wrap(select.flags());
        DeviceBuffer out = buffers.allocate(DType.ofArray(values), n)) {
      int kept =
          (int) select(new BufferSelect(in, select.program(), f, out, select.partition()), call);
      Object result =
          Array.newInstance(values.getClass().getComponentType(), select.partition() ? n : kept);
      if (Array.getLength(result) > 0) {
        buffers.download(out, result, 0, Array.getLength(result));
      }
      return new Selection(result, kept);
    }
  }

  /**
   * Writes the values of the buffer for which the program holds, in order, to the front of the
   * output and, for a partition, the others after them in order; returns how many were kept.
   */
  long select(BufferSelect select, CallContext call);

  /**
   * The k smallest or largest of the array into {@code valuesOut} in order, equal values by lower
   * index first, their indices into {@code indicesOut}. The default goes through buffers.
   */
  default void topK(BufferManager buffers, ArrayTopK topK, CallContext call) {
    try (DeviceBuffer in = buffers.wrap(topK.values());
        DeviceBuffer v = buffers.outputFor(topK.valuesOut());
        DeviceBuffer i = buffers.outputFor(topK.indicesOut())) {
      topK(new BufferTopK(in, topK.k(), topK.order(), v, i), call);
      buffers.download(v, topK.valuesOut());
      buffers.download(i, topK.indicesOut());
    }
  }

  /** {@link #topK(BufferManager, ArrayTopK, CallContext)} of buffers. */
  void topK(BufferTopK topK, CallContext call);
}
