package dev.prims.spi;

import dev.prims.DeviceBuffer;

/**
 * The three kernels a device backend supplies for {@link DeviceSelect}, enqueued in order on its
 * device. Lengths are at most {@link Integer#MAX_VALUE}.
 */
public interface SelectKernels {
  /**
   * {@code flags[i] = 1} where the program (a LONG buffer of {@code instructions} instructions, see
   * {@link SelectProgram}) holds for {@code values[i]}, else 0, for every i of the values; {@code
   * flagsIn} is the INT buffer a {@link SelectProgram#FLAG} reads, or null.
   */
  void flags(
      DeviceBuffer values,
      DeviceBuffer program,
      int instructions,
      DeviceBuffer flagsIn,
      DeviceBuffer flags);

  /**
   * For every i of the values with {@code flags[i] != 0} and {@code offsets[i] < capacity} ({@code
   * offsets} the exclusive scan of the flags): {@code valuesOut[at + offsets[i]] = values[i]} and
   * {@code indicesOut[at + offsets[i]] = indices == null ? i : indices[i]} (indicesOut may be
   * null). For a {@code partition} also, for every unflagged i, {@code valuesOut[kept + i -
   * offsets[i]] = values[i]}. Writes the kept count ({@code offsets[n-1] + flags[n-1]}, 0 when
   * empty) to {@code kept[0]} (a LONG buffer).
   */
  void scatter(
      DeviceBuffer values,
      DeviceBuffer indices,
      DeviceBuffer flags,
      DeviceBuffer offsets,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      long at,
      long capacity,
      boolean partition,
      DeviceBuffer kept);

  /**
   * {@code digits[i]} = bits {@code [shift, shift + bits)} of the radix bits of {@code values[i]}
   * (as {@link Sorter} defines them; complemented when {@code descending}).
   */
  void digits(DeviceBuffer values, int shift, int bits, boolean descending, DeviceBuffer digits);
}
