package dev.prims.app.bench;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * One line of a benchmark report: a prims backend or a peer (the JDK, CUB, Thrust) on one
 * operation, type, size and mode.
 *
 * @param backend the prims backend id, or the peer's family ({@code jdk}, {@code cub}, {@code
 *     thrust})
 * @param device the device it ran on
 * @param primitive reduce, scan, histogram or dot
 * @param op the operator label ({@code sum}, {@code inclusive-sum}, {@code 256-bins})
 * @param type int, long, float or double
 * @param mode {@code device} (data already on the device), {@code host} (Java arrays in, answer
 *     out, transfers included), {@code host-into} (a scan into an array the caller already has) or
 *     {@code host-inplace} (a scan over its input)
 * @param n elements
 * @param variant the algorithm variant, or the peer's own name ({@code IntStream.parallel().sum()})
 * @param bestMs best time in milliseconds
 * @param medianMs median time in milliseconds
 * @param reps timed runs
 * @param gbps 10^9 bytes per second from the best time (bytes read; scan read + write; dot both
 *     inputs)
 * @param pctCopyBw percentage of the device's copy bandwidth measured in the same run, or null
 * @param peer the peer this row is compared with, or null
 * @param peerRatio this row's GB/s divided by the peer's (above 1: faster), or null
 */
public record BenchRow(
    String backend,
    String device,
    String primitive,
    String op,
    String type,
    String mode,
    long n,
    String variant,
    double bestMs,
    double medianMs,
    int reps,
    double gbps,
    Double pctCopyBw,
    String peer,
    Double peerRatio) {

  /** The name a chart legend or a ratio column uses for this row's implementation. */
  @JsonIgnore
  public String label() {
    if (backend.equals("jdk")) {
      return variant;
    }
    return switch (mode) {
      case PrimsWorkload.HOST -> backend + " (host)";
      case PrimsWorkload.HOST_INTO -> backend + " (host, into caller array)";
      case PrimsWorkload.HOST_IN_PLACE -> backend + " (host, in place)";
      default -> backend;
    };
  }

  /** This row with the copy-bandwidth percentage and peer comparison filled in. */
  public BenchRow compared(Double copyGbps, BenchRow peerRow) {
    Double pct = copyGbps == null || copyGbps <= 0 ? null : 100 * gbps / copyGbps;
    return new BenchRow(
        backend,
        device,
        primitive,
        op,
        type,
        mode,
        n,
        variant,
        bestMs,
        medianMs,
        reps,
        gbps,
        pct,
        peerRow == null ? null : peerRow.label(),
        peerRow == null || peerRow.gbps() <= 0 ? null : gbps / peerRow.gbps());
  }
}
