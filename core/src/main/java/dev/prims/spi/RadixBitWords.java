package dev.prims.spi;

/**
 * The AND and the OR of many values' radix bits as the device kernels keep them: four 32-bit words
 * from {@code at}, the AND of the low halves, the OR of the low halves, the AND of the high halves,
 * the OR of the high halves (radix bits 32 wide leave the high words as they started). The AND
 * words start at all ones, the OR words at zero. Used by the sorts' shared-digit read and the
 * top-k's first pass ({@link SelectKernels.DigitCount#bitsAt}).
 */
public final class RadixBitWords {
  /** Words the four parts take. */
  public static final int WORDS = 4;

  private RadixBitWords() {}

  /** Starts the words at {@code at}: AND words all ones, OR words zero. */
  public static void start(int[] words, int at) {
    words[at] = -1;
    words[at + 1] = 0;
    words[at + 2] = -1;
    words[at + 3] = 0;
  }

  /** ANDs {@code and} and ORs {@code or}, radix bits {@code width} wide, into the words. */
  public static void merge(int[] words, int at, long and, long or, int width) {
    words[at] &= (int) and;
    words[at + 1] |= (int) or;
    if (width > Integer.SIZE) {
      words[at + 2] &= (int) (and >>> 32);
      words[at + 3] |= (int) (or >>> 32);
    }
  }

  /** The AND the words hold, {@code width} bits wide. */
  public static long and(int[] words, int at, int width) {
    return join(words[at], words[at + 2], width);
  }

  /** The OR the words hold, {@code width} bits wide. */
  public static long or(int[] words, int at, int width) {
    return join(words[at + 1], words[at + 3], width);
  }

  private static long join(int low, int high, int width) {
    long bits = low & 0xFFFFFFFFL | (long) high << 32;
    return width >= Long.SIZE ? bits : bits & ((1L << width) - 1);
  }
}
