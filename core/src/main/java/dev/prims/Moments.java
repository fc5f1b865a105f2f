package dev.prims;

import java.util.Objects;

/**
 * Count, mean, variance and standard deviation of an input, computed in one pass. An empty input
 * has count 0 and NaN for everything else; the sample variance of one element is NaN; a NaN or an
 * infinity in the input (or sums beyond the double range) makes the mean and variances NaN.
 *
 * <p>Integer inputs are summed exactly ({@code x} and {@code x^2}) and rounded once, so their
 * moments are the same bits on every backend in either mode. Floating inputs in {@code fast} mode
 * are accumulated in {@code double} per block (sums shifted by the block's first element) and the
 * blocks merged with Chan's parallel formula; in {@code reproducible} mode the exact fold sums of
 * {@code x} and of the products {@code x * x} (the reproducible sum's and dot's accumulators) give
 * the same bits on every backend, the variance then being exact up to the rounding of each {@code
 * double} product (float products are exact).
 */
public final class Moments {
  private final long count;
  private final double mean;
  private final double m2;
  private final Provenance provenance;

  /** Moments of {@code count} elements with mean {@code mean} and squared deviations {@code m2}. */
  public Moments(long count, double mean, double m2, Provenance provenance) {
    if (count < 0) {
      throw new IllegalArgumentException("count must not be negative, got " + count);
    }
    this.count = count;
    this.mean = count == 0 ? Double.NaN : mean;
    this.m2 = count == 0 ? Double.NaN : m2;
    this.provenance = Objects.requireNonNull(provenance, "provenance");
  }

  /** Number of elements. */
  public long count() {
    return count;
  }

  public double mean() {
    return mean;
  }

  /** Sum of squared deviations from the mean. */
  public double sumOfSquaredDeviations() {
    return m2;
  }

  /** {@code m2 / count}. */
  public double populationVariance() {
    return m2 / count;
  }

  /** {@code m2 / (count - 1)}: NaN for fewer than two elements. */
  public double sampleVariance() {
    return count < 2 ? Double.NaN : m2 / (count - 1);
  }

  /** Square root of the population variance. */
  public double populationStandardDeviation() {
    return Math.sqrt(populationVariance());
  }

  /** Square root of the sample variance. */
  public double sampleStandardDeviation() {
    return Math.sqrt(sampleVariance());
  }

  public Provenance provenance() {
    return provenance;
  }

  @Override
  public String toString() {
    return "n="
        + count
        + " mean="
        + mean
        + " variance="
        + populationVariance()
        + " sample-variance="
        + sampleVariance()
        + " ("
        + provenance
        + ")";
  }
}
