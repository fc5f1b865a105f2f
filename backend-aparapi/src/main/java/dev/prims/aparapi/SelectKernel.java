package dev.prims.aparapi;

import dev.prims.spi.SelectProgram;

/**
 * What {@link AparapiSelectKernels} needs of a typed select kernel (see the generated {@code
 * IntSelectKernel}): the setters of one launch's arguments, in the kernel's own fields.
 */
interface SelectKernel {
  /** Counts each chunk's kept values into {@link #chunkCounts}. */
  int PHASE_COUNT = 0;

  /** Writes each chunk's kept values from its first slot, {@link #chunkCounts}, on. */
  int PHASE_SCATTER = 1;

  /** Adds each value's radix digit to the digit counts. */
  int PHASE_DIGITS = 2;

  /** Takes values by index, one work-item per output slot. */
  int PHASE_TAKE = 3;

  /** A value is kept when the select program holds. */
  int TEST_PROGRAM = 0;

  /** A value is kept when its radix bits shifted right are at most the bound (a gather). */
  int TEST_GATHER = 1;

  /** A value is kept when it starts a run of equal values (its index is the run's offset). */
  int TEST_RUN_START = 2;

  int LT = SelectProgram.LT;
  int LE = SelectProgram.LE;
  int GT = SelectProgram.GT;
  int GE = SelectProgram.GE;
  int EQ = SelectProgram.EQ;
  int NOT_NAN = SelectProgram.NOT_NAN;
  int AND = SelectProgram.AND;
  int OR = SelectProgram.OR;
  int FLAG = SelectProgram.FLAG;
  int RADIX_BELOW = SelectProgram.RADIX_BELOW;
  int RADIX_PREFIX = SelectProgram.RADIX_PREFIX;
  int ALWAYS = SelectProgram.ALWAYS;
  long INTEGER_MODE = SelectProgram.INTEGER_MODE;
  long DESCENDING = SelectProgram.DESCENDING;

  /** The top bit of a long: unsigned order as signed order after flipping it. */
  long TOP_BIT_64 = Long.MIN_VALUE;

  /**
   * The values (an array of the kernel's type), their count, their radix bits from the host
   * (floating types; ignored otherwise), the indices beside them (or null: the positions) and the
   * values per chunk; sizes the chunk counts.
   */
  void input(Object values, int n, long[] radix, int[] indices, int chunk);

  /** Keeps by {@code program}; {@code constants[p]}: instruction p's constant as a double. */
  void program(long[] program, double[] constants, int[] flags);

  /** Keeps the first value of each run of equal values. */
  void runStarts();

  /** Keeps the values whose radix bits shifted right by {@code shift} are at most {@code bound}. */
  void gatherTest(int shift, long bound, boolean all, boolean descending);

  /** The lowest digit's bits (see {@link dev.prims.spi.SelectKernels.DigitCount#lowAt}). */
  long LOW_DIGIT_MASK = (1L << dev.prims.spi.SelectKernels.DIGIT_BITS) - 1;

  /**
   * Digit counts of bits {@code [shift, shift + bits)} into {@code counts[at + d]}, of the lowest
   * digit into {@code counts[lowAt + d]} unless {@code lowAt} is negative, and each chunk's AND and
   * OR of the counted radix bits into {@code chunkBits[2c]} and {@code chunkBits[2c + 1]} unless it
   * is null.
   */
  void digits(
      int shift,
      int bits,
      long prefix,
      boolean all,
      boolean descending,
      int[] counts,
      int at,
      int lowAt,
      long[] chunkBits);

  /**
   * Where kept values go: {@code out} (null for a gather), their indices (or null), the first slot
   * {@code at}, how many slots, whether the others follow, and the kept total (for a partition).
   * For a take, {@code capacity} is the number taken.
   */
  void outputs(Object out, int[] indicesOut, int at, int capacity, boolean partition, int total);

  /** The gather's keys: {@code keys32} for 4-byte values, else {@code keys64} (the other null). */
  void keys(int[] keys32, long[] keys64);

  /** The phase of the next launch. */
  void phase(int phase);

  /** The chunks of the values. */
  int chunks();

  /** Kept values per chunk (count phase), then each chunk's first slot (scatter phase). */
  int[] chunkCounts();
}
