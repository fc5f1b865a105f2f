package dev.prims.app.bench;

/**
 * One answer of the CUB/Thrust reference program: its timing, or the error it reported.
 *
 * @param bestMs best time in milliseconds (GPU events)
 * @param medianMs median time in milliseconds
 * @param reps timed runs
 * @param gbps 10^9 bytes per second from the best time, counted as prims counts them
 * @param checksum the result's checksum (see the program's header)
 * @param device the GPU's name
 * @param error the program's error message, or null on success
 */
public record CubResult(
    double bestMs,
    double medianMs,
    int reps,
    double gbps,
    double checksum,
    String device,
    String error) {
  /** Whether the measurement succeeded. */
  public boolean ok() {
    return error == null;
  }
}
