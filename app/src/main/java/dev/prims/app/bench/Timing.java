package dev.prims.app.bench;

/**
 * The result of timing one operation: best and median milliseconds over {@code reps} runs, and
 * whether every run measured itself (the device's own clock, or the timed part of a run with an
 * untimed setup).
 */
public record Timing(double bestMs, double medianMs, int reps, boolean deviceClock) {
  /** Throughput in 10^9 bytes per second from the best time. */
  public double gbps(double bytes) {
    return bytes / (bestMs * 1e6);
  }
}
