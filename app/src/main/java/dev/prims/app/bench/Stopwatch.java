package dev.prims.app.bench;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * Times an operation adaptively under a {@link TimingBudget}: warm-up, then repeated runs. Each run
 * reports the device's own milliseconds when it has them (GPU events, OpenCL profiling); otherwise
 * (or when the device reports no time) the wall time around the run, from {@link System#nanoTime},
 * is used. Runs far shorter than the clock's resolution and the timing's own cost (wall-clock runs
 * under {@link #BATCH_MS}) are timed in batches of about that length, each batch's time divided by
 * its runs, so that calls of a microsecond compare by what they cost rather than by the clock.
 */
public final class Stopwatch {
  /** Wall-clock runs shorter than this are timed in batches of about this many milliseconds. */
  static final double BATCH_MS = 0.05;

  /** The most runs in one batch. */
  private static final int MAX_BATCH = 10_000;

  /** One run of the timed operation. */
  @FunctionalInterface
  public interface Run {
    /**
     * Runs once; returns the milliseconds the run measured itself (the device's clock, or the wall
     * time of the part to be timed), or empty to be timed whole by wall clock.
     */
    OptionalDouble once();
  }

  /**
   * A run of {@code call} timed by wall clock; when {@code setup} is not null it runs first, before
   * each call, and is not timed (runs with a setup are never batched).
   */
  public static Run timedAfter(Runnable setup, Runnable call) {
    if (setup == null) {
      return () -> {
        call.run();
        return OptionalDouble.empty();
      };
    }
    return () -> {
      setup.run();
      long t0 = System.nanoTime();
      call.run();
      return OptionalDouble.of(Math.max((System.nanoTime() - t0) / 1e6, 1e-9));
    };
  }

  private final TimingBudget budget;

  public Stopwatch(TimingBudget budget) {
    this.budget = budget;
  }

  /** Times {@code run}. */
  public Timing time(Run run) {
    long warmupStart = System.nanoTime();
    int warmups = 0;
    double fastestWallMs = Double.POSITIVE_INFINITY;
    boolean anyDeviceClock = false;
    while (warmups < budget.warmupRuns()
        || (System.nanoTime() - warmupStart) / 1e9 < budget.warmupSeconds()) {
      long t0 = System.nanoTime();
      OptionalDouble device = run.once();
      fastestWallMs = Math.min(fastestWallMs, (System.nanoTime() - t0) / 1e6);
      anyDeviceClock |= device.isPresent() && device.getAsDouble() > 0;
      warmups++;
      if ((System.nanoTime() - warmupStart) / 1e9 >= budget.maxSeconds()) {
        break;
      }
    }
    int batch =
        anyDeviceClock || fastestWallMs >= BATCH_MS
            ? 1
            : (int) Math.min(MAX_BATCH, Math.ceil(BATCH_MS / Math.max(fastestWallMs, 1e-6)));
    double[] times = new double[Math.max(budget.maxReps(), 1)];
    int reps = 0;
    double measuredMs = 0;
    boolean deviceClock = true;
    long start = System.nanoTime();
    while (reps < times.length) {
      long t0 = System.nanoTime();
      OptionalDouble device = run.once();
      for (int i = 1; i < batch; i++) {
        run.once();
      }
      double wallMs = (System.nanoTime() - t0) / 1e6;
      boolean onDevice = batch == 1 && device.isPresent() && device.getAsDouble() > 0;
      double ms = onDevice ? device.getAsDouble() : wallMs / batch;
      deviceClock &= onDevice;
      times[reps++] = ms;
      measuredMs += onDevice ? ms : wallMs;
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
