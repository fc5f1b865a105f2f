package dev.prims.spi;

import dev.prims.DeviceBuffer;

/**
 * The kernels a device backend supplies for {@link DeviceSelect}, enqueued in order on its device.
 * Lengths are at most {@link Integer#MAX_VALUE}.
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

  /** Bits of the widest digit {@link #digitCounts} counts (its counts span this many bins). */
  int DIGIT_BITS = 11;

  /**
   * For every i of the values whose radix bits (as {@link Sorter} defines them; complemented when
   * {@code descending}) above bit {@code high = shift + bits} equal {@code prefix} (every i when
   * {@code high} is the values' width): adds 1 to {@code counts[at + d]}, d the bits {@code [shift,
   * shift + bits)} of its radix bits ({@code bits <= DIGIT_BITS}). {@code counts} is an INT buffer
   * whose other elements are left alone.
   */
  void digitCounts(
      DeviceBuffer values,
      int shift,
      int bits,
      long prefix,
      boolean descending,
      DeviceBuffer counts,
      int at);

  /**
   * For every i of the values whose radix bits shifted right by {@code shift} are at most {@code
   * bound} as unsigned numbers (every i when {@code shift} is the values' width): takes a slot s
   * from the count {@code counter[at]} (an INT buffer, incremented atomically) and writes {@code
   * keysOut[s]} = its radix bits with the top bit flipped (an INT buffer for 4-byte values, LONG
   * for 8-byte: the values' order as a signed ascending order) and {@code indicesOut[s] = indices
   * == null ? i : indices[i]}, for slots below the buffers' length. The slots follow no order.
   */
  void gather(
      DeviceBuffer values,
      DeviceBuffer indices,
      int shift,
      long bound,
      boolean descending,
      DeviceBuffer keysOut,
      DeviceBuffer indicesOut,
      DeviceBuffer counter,
      int at);

  /**
   * For every j below {@code count}: {@code indicesOut[j] = indices[j]} and {@code valuesOut[j] =
   * values[indices[j]]}.
   */
  void take(
      DeviceBuffer values,
      DeviceBuffer indices,
      int count,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut);
}
