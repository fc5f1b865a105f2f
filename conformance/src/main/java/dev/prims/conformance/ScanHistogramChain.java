package dev.prims.conformance;

/**
 * The answers of a scan, then a key histogram of the scan, then reduces of the histogram, computed
 * in Java: the inclusive prefix sums of {@code steps}, the count of each prefix below {@code bins},
 * how many prefixes fall outside and inside, and the fullest bin's count.
 */
public record ScanHistogramChain(
    int[] prefix, long[] counts, long outside, long inside, long fullest) {

  /** The chain's answers for {@code steps} and {@code bins} key bins. */
  public static ScanHistogramChain expected(int[] steps, int bins) {
    int[] prefix = new int[steps.length];
    long[] counts = new long[bins];
    long outside = 0;
    int running = 0;
    for (int i = 0; i < steps.length; i++) {
      running += steps[i];
      prefix[i] = running;
      if (running < bins) {
        counts[running]++;
      } else {
        outside++;
      }
    }
    long fullest = 0;
    for (long c : counts) {
      fullest = Math.max(fullest, c);
    }
    return new ScanHistogramChain(prefix, counts, outside, steps.length - outside, fullest);
  }
}
