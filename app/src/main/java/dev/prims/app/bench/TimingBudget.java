package dev.prims.app.bench;

/**
 * How long to time one operation: at least {@code warmupRuns} untimed runs and {@code
 * warmupSeconds} of them (so the JIT has compiled the code), then timed runs until both {@code
 * minReps} runs and {@code targetSeconds} of measured time are reached, stopping at {@code maxReps}
 * runs or {@code maxSeconds} of wall time.
 */
public record TimingBudget(
    int warmupRuns,
    double warmupSeconds,
    int minReps,
    int maxReps,
    double targetSeconds,
    double maxSeconds) {
  /** The default: a warm-up of 0.2 s, then about a quarter second of timed runs. */
  public static final TimingBudget STANDARD = new TimingBudget(3, 0.2, 10, 1000, 0.25, 5);

  /** For {@code --quick}: a few runs each. */
  public static final TimingBudget QUICK = new TimingBudget(1, 0.005, 3, 100, 0.02, 0.5);
}
