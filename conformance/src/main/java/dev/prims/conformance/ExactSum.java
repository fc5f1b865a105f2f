package dev.prims.conformance;

/**
 * A running floating sum accurate to about one rounding of the final value (Neumaier's compensated
 * summation in double), with the sum of magnitudes and the special values seen. The reference for
 * floating sums, dots and prefix sums.
 */
public final class ExactSum {
  private static final double SCALE_DOWN = 0x1p-128;
  private static final double SCALE_UP = 0x1p128;

  private final Compensated plain = new Compensated();
  private final Compensated scaled = new Compensated();
  private double sumAbs;
  private double scaledSumAbs;
  private long count;
  private boolean nan;
  private boolean positiveInfinity;
  private boolean negativeInfinity;

  /** Adds one term. */
  public void add(double x) {
    count++;
    if (Double.isNaN(x)) {
      nan = true;
    } else if (x == Double.POSITIVE_INFINITY) {
      positiveInfinity = true;
    } else if (x == Double.NEGATIVE_INFINITY) {
      negativeInfinity = true;
    } else {
      addFinite(x);
      sumAbs += Math.abs(x);
      scaledSumAbs += Math.abs(x) * SCALE_DOWN;
    }
  }

  /** Adds the exact product {@code a * b} (its rounding error included), as a dot product term. */
  public void addProduct(double a, double b) {
    if (!Double.isFinite(a) || !Double.isFinite(b)) {
      add(a * b);
      return;
    }
    count++;
    double p = a * b;
    if (!Double.isFinite(p)) {
      sumAbs = Double.POSITIVE_INFINITY;
      scaledSumAbs = Double.POSITIVE_INFINITY;
      return;
    }
    addFinite(p);
    addFinite(Math.fma(a, b, -p));
    sumAbs += Math.abs(p);
    scaledSumAbs += Math.abs(p) * SCALE_DOWN;
  }

  private void addFinite(double x) {
    plain.add(x);
    scaled.add(x * SCALE_DOWN);
  }

  /** One Neumaier sum: the rounded running sum and the compensation for its rounding errors. */
  private static final class Compensated {
    private double sum;
    private double compensation;

    void add(double x) {
      double t = sum + x;
      if (Math.abs(sum) >= Math.abs(x)) {
        compensation += (sum - t) + x;
      } else {
        compensation += (x - t) + sum;
      }
      sum = t;
    }

    boolean isFinite() {
      return Double.isFinite(sum) && Double.isFinite(compensation);
    }

    double value() {
      return sum + compensation;
    }
  }

  /**
   * The sum of the finite terms. When partial sums leave the double range, it is recovered from a
   * copy kept at a 2^-128 scale (and is infinite only when the sum itself is out of range).
   */
  public double value() {
    return plain.isFinite() ? plain.value() : scaled.value() * SCALE_UP;
  }

  /** The sum of the magnitudes of the finite terms (infinite beyond the double range). */
  public double sumAbs() {
    return Double.isFinite(sumAbs) ? sumAbs : scaledSumAbs * SCALE_UP;
  }

  /** Number of terms added. */
  public long count() {
    return count;
  }

  /** Whether any term was NaN, or both infinities appeared (so every order gives NaN). */
  public boolean isNaN() {
    return nan || (positiveInfinity && negativeInfinity);
  }

  /** +1 or -1 when exactly one sign of infinity appeared (and no NaN), else 0. */
  public int infinitySign() {
    if (isNaN()) {
      return 0;
    }
    return positiveInfinity ? 1 : negativeInfinity ? -1 : 0;
  }
}
