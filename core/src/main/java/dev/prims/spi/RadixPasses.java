package dev.prims.spi;

/**
 * Where the passes of an LSD radix sort on a device write, shared by the device backends. Pass
 * {@code p} reads what pass {@code p - 1} wrote (the first reads the input) and writes either the
 * output or scratch, alternating so that the last pass writes the output. A sort in place with an
 * odd number of passes cannot do that (its first pass would write the input it reads): its passes
 * start in scratch and end there, and the result is copied to the output after.
 *
 * @param passes the number of passes (at least 1)
 * @param endsInOutput whether the last pass writes the output
 */
public record RadixPasses(int passes, boolean endsInOutput) {
  /** The passes of a sort by bits {@code [beginBit, endBit)} (not empty) in digits of a width. */
  public static RadixPasses of(int beginBit, int endBit, int digitBits, boolean inPlace) {
    return running((endBit - beginBit + digitBits - 1) / digitBits, inPlace);
  }

  /** The schedule of {@code passes} passes that run (at least 1). */
  public static RadixPasses running(int passes, boolean inPlace) {
    return new RadixPasses(passes, !inPlace || passes % 2 == 0);
  }

  /**
   * The passes of a sort by bits {@code [beginBit, endBit)} in digits of {@code digitBits} whose
   * digit every key shares, as bit {@code p} for pass {@code p}, from the AND and the OR of every
   * key's radix bits (a digit is shared where they agree).
   */
  public static long sharedDigits(long and, long or, int beginBit, int endBit, int digitBits) {
    long differ = and ^ or;
    long shared = 0;
    int passes = (endBit - beginBit + digitBits - 1) / digitBits;
    for (int p = 0; p < passes; p++) {
      int shift = beginBit + p * digitBits;
      int bits = Math.min(digitBits, endBit - shift);
      if (((differ >>> shift) & ((1L << bits) - 1)) == 0) {
        shared |= 1L << p;
      }
    }
    return shared;
  }

  /** Whether pass {@code p} writes the output (else scratch). */
  public boolean writesOutput(int p) {
    return endsInOutput ? (passes - 1 - p) % 2 == 0 : p % 2 == 1;
  }
}
