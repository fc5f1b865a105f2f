package dev.prims.spi;

import dev.prims.SortOrder;

/**
 * Stable sort of host arrays in place. The engine has checked the arguments: {@code keys} is an
 * {@code int[]}, {@code long[]}, {@code float[]} or {@code double[]}; {@code values} is null or an
 * {@code int[]} or {@code long[]} as long as {@code keys}, and moves with its key. Keys follow the
 * order of {@link SortOrder}; equal keys keep their input order.
 */
public interface Sorter {
  /** Sorts {@code keys} (and {@code values} beside them when not null) in place. */
  void sort(Object keys, Object values, SortOrder order, CallContext call);
}
