package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;

/**
 * The kernels a device backend supplies for {@link DeviceSelect}, enqueued in order on its device.
 * Lengths are at most {@link Integer#MAX_VALUE}. Each kernel takes its arguments as one record.
 */
public interface SelectKernels {
  /**
   * A stable compaction: for every i of the values for which the program (see {@link
   * SelectProgram}; {@code flagsIn} is the INT buffer a {@link SelectProgram#FLAG} reads, or null)
   * holds, the r-th such i (from 0) with {@code r < capacity} gives {@code valuesOut[at + r] =
   * values[i]} and {@code indicesOut[at + r] = indices == null ? i : indices[i]} (indicesOut may be
   * null). For a {@code partition} ({@code at} 0, {@code capacity} at least the length, indices
   * null) also the r-th value for which it does not hold goes to {@code valuesOut[kept + r]}. The
   * program stays on the host: the backend takes it to the device its own way (with the kernel's
   * other arguments where it can), so that a compaction allocates nothing per call. Needs no
   * scratch of the values' size.
   */
  record Compaction(
      DeviceBuffer values,
      DeviceBuffer indices,
      long[] program,
      DeviceBuffer flagsIn,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      long at,
      long capacity,
      boolean partition) {
    /** The program's instruction count. */
    public int instructions() {
      return SelectProgram.instructions(program);
    }

    /**
     * Whether a backend may run this compaction on a plain kernel: no indices, flags, output
     * indices or partition, no test of radix bits (a plain kernel leaves those out, which frees
     * registers for larger tiles), and for long values no comparison as a double (a plain kernel
     * compares long values as integers only; see {@link SelectProgram#comparesAsDouble}).
     */
    public boolean plain() {
      return indices == null
          && flagsIn == null
          && indicesOut == null
          && !partition
          && !SelectProgram.testsRadixBits(program)
          && !(values.type() == DType.LONG && SelectProgram.comparesAsDouble(program));
    }
  }

  /**
   * Runs a {@link Compaction} and returns the kept count once it is done (where more than {@code
   * capacity} values are kept, any count of at least {@code capacity}: a backend may stop reading
   * once {@code capacity} are found).
   */
  long compact(Compaction compaction);

  /** Bits of the widest digit {@link #digitCounts} counts (its counts span this many bins). */
  int DIGIT_BITS = 11;

  /**
   * For every i of the values whose radix bits (as {@link Sorter} defines them; complemented when
   * {@code descending}) above bit {@code high = shift + bits} equal {@code prefix} (every i when
   * {@code high} is the values' width): adds 1 to {@code counts[at + d]}, d the bits {@code [shift,
   * shift + bits)} of its radix bits ({@code bits <= DIGIT_BITS}). With {@code lowAt >= 0} it also
   * adds 1 to {@code counts[lowAt + d]}, d the lowest {@code DIGIT_BITS} bits of the radix bits of
   * every counted value; with {@code bitsAt >= 0} it ANDs and ORs the counted values' radix bits
   * into the four words of {@link RadixBitWords} at {@code bitsAt}. {@code counts} is an INT buffer
   * whose other elements are left alone.
   */
  record DigitCount(
      DeviceBuffer values,
      int shift,
      int bits,
      long prefix,
      boolean descending,
      DeviceBuffer counts,
      int at,
      int lowAt,
      int bitsAt) {}

  /** Runs a {@link DigitCount}. */
  void digitCounts(DigitCount count);

  /**
   * For every i of the values whose radix bits shifted right by {@code shift} are at most {@code
   * bound} as unsigned numbers (every i when {@code shift} is the values' width): takes a slot s
   * from the count {@code counter[at]} (an INT buffer, incremented atomically) and writes {@code
   * keysOut[s]} = its radix bits with the top bit flipped (an INT buffer for 4-byte values, LONG
   * for 8-byte: the values' order as a signed ascending order) and {@code indicesOut[s] = indices
   * == null ? i : indices[i]}, for slots below the buffers' length. The slots follow no order.
   */
  record Gather(
      DeviceBuffer values,
      DeviceBuffer indices,
      int shift,
      long bound,
      boolean descending,
      DeviceBuffer keysOut,
      DeviceBuffer indicesOut,
      DeviceBuffer counter,
      int at) {}

  /** Runs a {@link Gather}. */
  void gather(Gather gather);

  /**
   * For every j below {@code count}: {@code indicesOut[j] = indices[j]} and {@code valuesOut[j] =
   * values[indices[j]]}.
   */
  record Take(
      DeviceBuffer values,
      DeviceBuffer indices,
      int count,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut) {}

  /** Runs a {@link Take}. */
  void take(Take take);
}
