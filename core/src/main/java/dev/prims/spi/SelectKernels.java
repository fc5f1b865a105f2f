package dev.prims.spi;

import dev.prims.DeviceBuffer;

/**
 * The kernels a device backend supplies for {@link DeviceSelect}, enqueued in order on its device.
 * Lengths are at most {@link Integer#MAX_VALUE}.
 */
public interface SelectKernels {
  /**
   * A stable compaction: for every i of the values for which the program (a LONG buffer of {@code
   * instructions} instructions, see {@link SelectProgram}; {@code flagsIn} is the INT buffer a
   * {@link SelectProgram#FLAG} reads, or null) holds, the r-th such i (from 0) with {@code r <
   * capacity} gives {@code valuesOut[at + r] = values[i]} and {@code indicesOut[at + r] = indices
   * == null ? i : indices[i]} (indicesOut may be null). For a {@code partition} ({@code at} 0,
   * {@code capacity} at least the length, indices null) also the r-th value for which it does not
   * hold goes to {@code valuesOut[kept + r]}. Writes the kept count to {@code kept[0]} (a LONG
   * buffer). Needs no scratch of the values' size.
   */
  void compact(
      DeviceBuffer values,
      DeviceBuffer indices,
      DeviceBuffer program,
      int instructions,
      DeviceBuffer flagsIn,
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
