package dev.prims.app.bench;

/**
 * The result of timing one operation: best and median milliseconds over {@code reps} runs, and
 * whether the times came from the device's own clock.
 */
public record Timing(double bestMs, double medianMs, int reps, boolean deviceClock) {
  /** Throughput in 10^9 bytes per second from the best time. */
  public double gbps(double bytes) {
    return bytes / (bestMs * 1e6);
  }
}
