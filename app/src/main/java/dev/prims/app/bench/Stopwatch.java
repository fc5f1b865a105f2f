package dev.prims.app.bench;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * Times an operation adaptively under a {@link TimingBudget}: warm-up, then repeated runs. Each run
 * reports the device's own milliseconds when it has them (GPU events, OpenCL profiling); otherwise
 * (or when the device reports no time) the wall time around the run, from {@link System#nanoTime},
 * is used.
 */
public final class Stopwatch {
  /** One run of the timed operation. */
  @FunctionalInterface
  public interface Run {
    /** Runs once; returns the device milliseconds, or empty to be timed by wall clock. */
    OptionalDouble once();
  }

  private final TimingBudget budget;

  public Stopwatch(TimingBudget budget) {
    this.budget = budget;
  }

  /** Times {@code run}. */
  public Timing time(Run run) {
    long warmupStart = System.nanoTime();
    int warmups = 0;
    while (warmups < budget.warmupRuns()
        || (System.nanoTime() - warmupStart) / 1e9 < budget.warmupSeconds()) {
      run.once();
      warmups++;
      if ((System.nanoTime() - warmupStart) / 1e9 >= budget.maxSeconds()) {
        break;
      }
    }
    double[] times = new double[Math.max(budget.maxReps(), 1)];
    int reps = 0;
    double measuredMs = 0;
    boolean deviceClock = true;
    long start = System.nanoTime();
    while (reps < times.length) {
      long t0 = System.nanoTime();
      OptionalDouble device = run.once();
      double wallMs = (System.nanoTime() - t0) / 1e6;
      boolean onDevice = device.isPresent() && device.getAsDouble() > 0;
      double ms = onDevice ? device.getAsDouble() : wallMs;
      deviceClock &= onDevice;
      times[reps++] = ms;
      measuredMs += ms;
      double elapsedSeconds = (System.nanoTime() - start) / 1e9;
      boolean enough = reps >= budget.minReps() && measuredMs / 1e3 >= budget.targetSeconds();
      if (enough || (reps >= 1 && elapsedSeconds >= budget.maxSeconds())) {
        break;
      }
    }
    double[] sorted = Arrays.copyOf(times, reps);
    Arrays.sort(sorted);
    double median =
        reps % 2 == 1 ? sorted[reps / 2] : 0.5 * (sorted[reps / 2 - 1] + sorted[reps / 2]);
    return new Timing(sorted[0], median, reps, deviceClock);
  }
}
