package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.spi.DeviceSorter;

/**
 * The CUDA sort's variant ({@code prims.cuda.sort.variant}: {@code onesweep}, the default, or
 * {@code lsd-radix}) and the onesweep kernels' tuning constants, among them the pass tile per key
 * and value type, which {@code device/sort_onesweep.cu} mirrors (the LSD radix sort's are {@link
 * DeviceSorter}'s).
 */
final class CudaSortPolicy {
  /** The configuration key that picks the sort's variant. */
  static final String VARIANT_KEY = "prims.cuda.sort.variant";

  /** The variant a sort runs when {@link #VARIANT_KEY} is unset. */
  static final String DEFAULT_VARIANT = DeviceSorter.ONESWEEP;

  /** Bits of one onesweep pass's digit (ONESWEEP_DIGIT_BITS). */
  static final int ONESWEEP_DIGIT_BITS = 8;

  /** Digits of one onesweep pass. */
  static final int ONESWEEP_RADIX = 1 << ONESWEEP_DIGIT_BITS;

  /** Threads per block of the onesweep histogram kernel (ONESWEEP_HIST_THREADS). */
  static final int ONESWEEP_HIST_THREADS = CudaReducePolicy.BLOCK_SIZE;

  /**
   * Keys per thread of the onesweep histogram kernel at least (ONESWEEP_HIST_ITEMS): its grid is at
   * most one block per {@link #ONESWEEP_HIST_KEYS} keys.
   */
  static final int ONESWEEP_HIST_ITEMS = 128;

  /** Keys per block of the onesweep histogram kernel at least. */
  static final int ONESWEEP_HIST_KEYS = ONESWEEP_HIST_THREADS * ONESWEEP_HIST_ITEMS;

  /**
   * Blocks per SM of the onesweep histogram grid at most (ONESWEEP_HIST_BLOCKS_PER_SM): the grid is
   * at most the blocks that run at once, which stride over the keys.
   */
  static final int ONESWEEP_HIST_BLOCKS_PER_SM = 8;

  /** Words before the digit offsets in the onesweep scratch (ONESWEEP_SCRATCH_HEADER). */
  static final int ONESWEEP_SCRATCH_HEADER = 32;

  /**
   * Threads of a onesweep pass block for 4-byte keys with no 8-byte values (ONESWEEP_THREADS_4).
   */
  static final int ONESWEEP_THREADS_4 = 384;

  /** Keys per thread of a onesweep pass over int keys alone (ONESWEEP_ITEMS_INT). */
  static final int ONESWEEP_ITEMS_INT = 23;

  /** Keys per thread of a onesweep pass over float keys alone (ONESWEEP_ITEMS_FLOAT). */
  static final int ONESWEEP_ITEMS_FLOAT = 23;

  /**
   * Keys per thread of a onesweep pass over 4-byte keys with int values (ONESWEEP_ITEMS_4_PAIRS).
   */
  static final int ONESWEEP_ITEMS_4_PAIRS = 20;

  /** Threads of a onesweep pass block for 8-byte keys or values (ONESWEEP_THREADS_8). */
  static final int ONESWEEP_THREADS_8 = 256;

  /** Keys per thread of a onesweep pass over 8-byte keys or values (ONESWEEP_ITEMS_8). */
  static final int ONESWEEP_ITEMS_8 = 16;

  /**
   * The tile of a onesweep pass kernel: {@code threads} per block, {@code items} keys per thread.
   */
  record Tile(int threads, int items) {
    /** Keys per tile. */
    int keys() {
      return threads * items;
    }

    /**
     * Tiles of one look-back portion: at most 2^28 keys, so that counts fit the 30 bits of a status
     * word.
     */
    long portionTiles() {
      return (1L << 28) / keys();
    }

    /** The suffix of the pass kernel's name, {@code _<threads>x<items>}. */
    String suffix() {
      return "_" + threads + "x" + items;
    }
  }

  /**
   * The onesweep pass tile for keys of {@code keyType} and values of {@code valueType} (null: keys
   * alone), CUB's sm_90 tuning where the registers allow it, as {@code device/sort_onesweep.cu}
   * compiles it.
   */
  static Tile onesweepTile(DType keyType, DType valueType) {
    if (keyType.bytes() == 8 || (valueType != null && valueType.bytes() == 8)) {
      return new Tile(ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8);
    }
    if (valueType != null) {
      return new Tile(ONESWEEP_THREADS_4, ONESWEEP_ITEMS_4_PAIRS);
    }
    return new Tile(
        ONESWEEP_THREADS_4, keyType == DType.FLOAT ? ONESWEEP_ITEMS_FLOAT : ONESWEEP_ITEMS_INT);
  }

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
