package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.SortOrder;

/**
 * One sort of device buffers: {@code keys} into {@code keysOut} in {@code order} by bits {@code
 * [beginBit, endBit)} of their radix bits (see {@link Sorter}), {@code values} (null, or an int or
 * long buffer as long as {@code keys}) moving with them into {@code valuesOut}. {@code keysOut} is
 * {@code keys} itself for a sort in place, else a distinct buffer of the same type and length whose
 * input is left unchanged; likewise {@code valuesOut} (null exactly when {@code values} is).
 */
public record BufferSort(
    DeviceBuffer keys,
    DeviceBuffer values,
    DeviceBuffer keysOut,
    DeviceBuffer valuesOut,
    SortOrder order,
    int beginBit,
    int endBit) {
  /** A sort in place of {@code keys} and {@code values} (null for keys alone). */
  public static BufferSort inPlace(
      DeviceBuffer keys, DeviceBuffer values, SortOrder order, int beginBit, int endBit) {
    return new BufferSort(keys, values, keys, values, order, beginBit, endBit);
  }

  /** This sort's order and bits, in place on {@code keys} and {@code values}. */
  public BufferSort inPlaceOn(DeviceBuffer keys, DeviceBuffer values) {
    return inPlace(keys, values, order, beginBit, endBit);
  }

  /** Whether the keys go into a buffer other than their input. */
  public boolean keysMove() {
    return keysOut != keys;
  }

  /** Whether there are values and they go into a buffer other than their input. */
  public boolean valuesMove() {
    return values != null && valuesOut != values;
  }
}
