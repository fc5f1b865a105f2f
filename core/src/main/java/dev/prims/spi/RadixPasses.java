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
    int passes = (endBit - beginBit + digitBits - 1) / digitBits;
    return new RadixPasses(passes, !inPlace || passes % 2 == 0);
  }

  /** Whether pass {@code p} writes the output (else scratch). */
  public boolean writesOutput(int p) {
    return endsInOutput ? (passes - 1 - p) % 2 == 0 : p % 2 == 1;
  }
}
