package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.SortOrder;

/**
 * Stable sort of host arrays and of device buffers, in place. The engine has checked the arguments:
 * keys are of int, long, float or double; values are null or of int or long, as long as the keys,
 * and move with their key. Keys follow the order of {@link SortOrder}; equal keys keep their input
 * order.
 *
 * <p>A radix sort orders a key by its <em>radix bits</em>: an unsigned integer of the key's width
 * whose order is the sort order (two's complement keys with the sign bit flipped; floating keys
 * with every NaN made the canonical NaN, then the sign bit of positives and every bit of negatives
 * flipped; every bit complemented for {@link SortOrder#DESCENDING}). A sort of bits {@code
 * [beginBit, endBit)} compares only those bits of the radix bits: keys equal there keep their input
 * order.
 */
public interface Sorter {
  /**
   * Sorts {@code keys} (an {@code int[]}, {@code long[]}, {@code float[]} or {@code double[]}) in
   * place, {@code values} (null, an {@code int[]} or {@code long[]}) beside them.
   */
  void sort(Object keys, Object values, SortOrder order, CallContext call);

  /**
   * Sorts {@code keys} into {@code output} (an array of the same type and length, or {@code keys}
   * itself), leaving {@code keys} untouched. The default copies and sorts in place; a backend that
   * sorts on its device overrides it to upload {@code keys} and download straight into {@code
   * output}, sparing the host copy.
   */
  default void sortInto(Object keys, Object output, SortOrder order, CallContext call) {
    if (output != keys) {
      System.arraycopy(keys, 0, output, 0, java.lang.reflect.Array.getLength(keys));
    }
    sort(output, null, order, call);
  }

  /**
   * A new array holding {@code keys} sorted, {@code keys} untouched. The default allocates it and
   * calls {@link #sortInto}; a backend that sorts on its device overrides it to allocate the array
   * (which the JVM zeroes) while the keys cross the link and sort ({@link
   * #sortedCopyThroughBuffers}).
   */
  default Object sortedCopy(Object keys, SortOrder order, CallContext call) {
    Object output =
        java.lang.reflect.Array.newInstance(
            keys.getClass().getComponentType(), java.lang.reflect.Array.getLength(keys));
    sortInto(keys, output, order, call);
    return output;
  }

  /**
   * Runs {@code sort} (see {@link BufferSort}); {@code 0 <= beginBit <= endBit <=} the key's width
   * in bits. The engine has checked all of it. The default fails: a backend that sorts buffers
   * overrides it.
   *
   * @throws UnsupportedOperationException when this backend sorts host arrays only
   */
  default void sort(BufferSort sort, CallContext call) {
    throw new UnsupportedOperationException(
        "backend " + sort.keys().backend() + " sorts host arrays only, not buffers");
  }

  /**
   * The host-array sort of a backend that sorts on its device: uploads {@code keys} and {@code
   * values}, sorts the buffers by every bit with {@code sorter}, and downloads them into {@code
   * output} (which may be {@code keys}) and {@code values}.
   */
  static void sortThroughBuffers(
      Sorter sorter,
      BufferManager buffers,
      Object keys,
      Object output,
      Object values,
      SortOrder order,
      CallContext call) {
    int bits = dev.prims.DType.ofArray(keys).bytes() * Byte.SIZE;
    try (DeviceBuffer k = buffers.upload(keys);
        DeviceBuffer v = values == null ? null : buffers.upload(values)) {
      sorter.sort(BufferSort.inPlace(k, v, order, 0, bits), call);
      buffers.download(k, output);
      if (v != null) {
        buffers.download(v, values);
      }
    }
  }

  /**
   * The sorted copy of a backend that sorts on its device: allocates the new array ({@link
   * ArrayAllocation}) while {@code keys} go up and sort by every bit with {@code sorter}, then
   * downloads them into it.
   */
  static Object sortedCopyThroughBuffers(
      Sorter sorter, BufferManager buffers, Object keys, SortOrder order, CallContext call) {
    ArrayAllocation output = ArrayAllocation.start(keys, java.lang.reflect.Array.getLength(keys));
    int bits = dev.prims.DType.ofArray(keys).bytes() * Byte.SIZE;
    try (DeviceBuffer k = buffers.upload(keys)) {
      sorter.sort(BufferSort.inPlace(k, null, order, 0, bits), call);
      Object sorted = output.join();
      buffers.download(k, sorted);
      return sorted;
    }
  }
}
