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
   * Keeps the values of the array {@code values} for which {@code program} holds, in order, in a
   * new array of exactly that many (or, for a {@code partition}, a new array of the input's length
   * with the other values after the kept ones, in order). {@code flags} is the int[] beside the
   * values for a flags program, else null. The default goes through buffers.
   */
  default Selection select(
      BufferManager buffers,
      Object values,
      long[] program,
      int[] flags,
      boolean partition,
      CallContext call) {
    int n = Array.getLength(values);
    try (DeviceBuffer in = buffers.wrap(values);
        DeviceBuffer f = flags == null ? null : buffers.wrap(flags);
        DeviceBuffer out = buffers.allocate(DType.ofArray(values), n)) {
      int kept = (int) select(in, program, f, out, partition, call);
      Object result = Array.newInstance(values.getClass().getComponentType(), partition ? n : kept);
      if (Array.getLength(result) > 0) {
        buffers.download(out, result, 0, Array.getLength(result));
      }
      return new Selection(result, kept);
    }
  }

  /**
   * Writes the values of the buffer {@code values} for which {@code program} holds, in order, to
   * the front of {@code out} (as long as the values, of their type) and, for a {@code partition},
   * the others after them in order; returns how many were kept. {@code flags}: the int buffer of a
   * flags program, else null.
   */
  long select(
      DeviceBuffer values,
      long[] program,
      DeviceBuffer flags,
      DeviceBuffer out,
      boolean partition,
      CallContext call);

  /**
   * The {@code k} smallest or largest of the array {@code values} into {@code valuesOut} (k long)
   * in order, equal values by lower index first, their indices into {@code indicesOut}. The default
   * goes through buffers.
   */
  default void topK(
      BufferManager buffers,
      Object values,
      int k,
      TopKOrder order,
      Object valuesOut,
      int[] indicesOut,
      CallContext call) {
    try (DeviceBuffer in = buffers.wrap(values);
        DeviceBuffer v = buffers.outputFor(valuesOut);
        DeviceBuffer i = buffers.outputFor(indicesOut)) {
      topK(in, k, order, v, i, call);
      buffers.download(v, valuesOut);
      buffers.download(i, indicesOut);
    }
  }

  /**
   * {@link #topK(BufferManager, Object, int, TopKOrder, Object, int[], CallContext)} of buffers:
   * {@code valuesOut} of the values' type and {@code indicesOut} of int, both {@code k} long.
   */
  void topK(
      DeviceBuffer values,
      int k,
      TopKOrder order,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      CallContext call);
}
