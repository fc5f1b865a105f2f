package dev.prims.cuda;

import dev.prims.spi.DeviceSorter;

/**
 * The CUDA sort's variant ({@code prims.cuda.sort.variant}: {@code onesweep}, the default, or
 * {@code lsd-radix}) and the onesweep kernels' tuning constants, which {@code
 * device/sort_onesweep.cu} mirrors (the LSD radix sort's are {@link DeviceSorter}'s).
 */
final class CudaSortPolicy {
  /** The configuration key that picks the sort's variant. */
  static final String VARIANT_KEY = "prims.cuda.sort.variant";

  /** The variant a sort runs when {@link #VARIANT_KEY} is unset. */
  static final String DEFAULT_VARIANT = DeviceSorter.ONESWEEP;

  /** Threads per block of the onesweep kernels (ONESWEEP_THREADS, the launches' block size). */
  static final int ONESWEEP_THREADS = CudaReducePolicy.BLOCK_SIZE;

  /** Keys per thread in a onesweep tile (ONESWEEP_ITEMS). */
  static final int ONESWEEP_ITEMS = 16;

  /** Keys per onesweep tile. */
  static final int ONESWEEP_TILE = ONESWEEP_THREADS * ONESWEEP_ITEMS;

  /** Bits of one onesweep pass's digit (ONESWEEP_DIGIT_BITS). */
  static final int ONESWEEP_DIGIT_BITS = 8;

  /** Digits of one onesweep pass. */
  static final int ONESWEEP_RADIX = 1 << ONESWEEP_DIGIT_BITS;

  /** Tiles per block of the onesweep histogram kernel (ONESWEEP_HIST_TILES). */
  static final int ONESWEEP_HIST_TILES = 8;

  /** Words before the digit offsets in the onesweep scratch (ONESWEEP_SCRATCH_HEADER). */
  static final int ONESWEEP_SCRATCH_HEADER = 32;

  /**
   * Tiles of one look-back portion: at most 2^28 keys, so that counts fit the 30 bits of a status
   * word, and a whole number of histogram blocks.
   */
  static final long ONESWEEP_PORTION_TILES =
      ((1L << 28) / ONESWEEP_TILE) / ONESWEEP_HIST_TILES * ONESWEEP_HIST_TILES;

  private CudaSortPolicy() {}

  /** The variant {@code value} of {@link #VARIANT_KEY} (null: unset) names. */
  static String variant(String value) {
    if (value == null) {
      return DEFAULT_VARIANT;
    }
    if (value.equals(DeviceSorter.LSD_RADIX)) {
      return DeviceSorter.LSD_RADIX;
    }
    if (value.equals(DeviceSorter.ONESWEEP)) {
      return DeviceSorter.ONESWEEP;
    }
    throw new IllegalArgumentException(
        VARIANT_KEY
            + " must be "
            + DeviceSorter.ONESWEEP
            + " or "
            + DeviceSorter.LSD_RADIX
            + ", got '"
            + value
            + "'");
  }
}
