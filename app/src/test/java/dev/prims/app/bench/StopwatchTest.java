package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class StopwatchTest {
  @Test
  void usesTheDeviceClockWhenGivenAndReportsBestAndMedian() {
    double[] times = {5, 3, 4, 1, 2};
    AtomicInteger calls = new AtomicInteger();
    TimingBudget budget = new TimingBudget(2, 0, 5, 5, 1e9, 60);
    Timing t =
        new Stopwatch(budget)
            .time(
                () -> {
                  int i = calls.getAndIncrement();
                  return OptionalDouble.of(i < 2 ? 100 : times[i - 2]);
                });
    assertEquals(7, calls.get(), "2 warm-ups and 5 timed runs");
    assertEquals(1, t.bestMs());
    assertEquals(3, t.medianMs());
    assertEquals(5, t.reps());
    assertTrue(t.deviceClock());
    assertEquals(1e6 / 1e6, t.gbps(1e6), 1e-12);
  }

  @Test
  void fallsBackToWallTimeWithoutADeviceClock() {
    TimingBudget budget = new TimingBudget(0, 0, 3, 3, 0, 60);
    Timing t = wallTimed(budget, () -> spin(2_000_000));
    assertFalse(t.deviceClock());
    assertTrue(t.bestMs() >= 2, "best " + t.bestMs());
  }

  @Test
  void aSetupRunsBeforeEveryCallUntimedAndUnbatched() {
    TimingBudget budget = new TimingBudget(1, 0, 4, 4, 0, 60);
    AtomicInteger setups = new AtomicInteger();
    AtomicInteger calls = new AtomicInteger();
    Timing t =
        new Stopwatch(budget)
            .time(
                Stopwatch.timedAfter(
                    () -> {
                      setups.incrementAndGet();
                      spin(20_000_000);
                    },
                    () -> {
                      calls.incrementAndGet();
                      spin(1_000);
                    }));
    assertEquals(5, calls.get(), "1 warm-up and 4 timed runs, none batched");
    assertEquals(calls.get(), setups.get());
    assertTrue(t.bestMs() < 10, "the 20 ms setup was timed: best " + t.bestMs());
  }

  /** {@code call} timed by wall clock (no setup) within {@code budget}. */
  private static Timing wallTimed(TimingBudget budget, Runnable call) {
    return new Stopwatch(budget).time(Stopwatch.timedAfter(null, call));
  }

  private static void spin(long nanos) {
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }

  @Test
  void stopsAtTheTimeLimit() {
    TimingBudget budget = new TimingBudget(0, 0, 1000, 1000, 1e9, 0.05);
    Timing t =
        wallTimed(
            budget,
            () -> {
              try {
                Thread.sleep(1);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    assertTrue(t.reps() < 1000 && t.reps() >= 1, "reps " + t.reps());
  }

  @Test
  void timesRunsOfMicrosecondsInBatchesAndReportsTheTimeOfOne() {
    TimingBudget budget = new TimingBudget(3, 0, 20, 20, 0, 60);
    AtomicInteger calls = new AtomicInteger();
    Timing t =
        wallTimed(
            budget,
            () -> {
              calls.incrementAndGet();
              spin(2_000);
            });
    assertEquals(20, t.reps());
    assertTrue(calls.get() > 3 + 20, "runs batched: " + calls.get() + " calls");
    assertTrue(t.bestMs() >= 0.002 && t.bestMs() < Stopwatch.BATCH_MS, "best " + t.bestMs());
    assertFalse(t.deviceClock());
  }
}
