package dev.prims;

/**
 * What a histogram counts: integer keys into {@code bins} bins (key k counts in bin k when {@code 0
 * <= k < bins}), or floating values into {@code bins} even bins over the half-open range {@code
 * [lower, upper)}.
 *
 * <p>For even bins the bin of a value is computed by {@link EvenBins}, written once and followed
 * bit for bit by every backend: the upper bound is out of range, {@code -0.0} lands in bin 0, NaN
 * is out of range.
 */
public final class HistogramSpec {
  private final int bins;
  private final boolean even;
  private final double lower;
  private final double upper;

  private HistogramSpec(int bins, boolean even, double lower, double upper) {
    this.bins = bins;
    this.even = even;
    this.lower = lower;
    this.upper = upper;
  }

  /**
   * Integer keys counted in bins {@code 0 .. bins-1}.
   *
   * @throws IllegalArgumentException if {@code bins <= 0} or {@code bins} exceeds the longest Java
   *     array ({@code Integer.MAX_VALUE - 8})
   */
  public static HistogramSpec keys(int bins) {
    requirePositive(bins);
    return new HistogramSpec(bins, false, 0, bins);
  }

  /**
   * {@code bins} bins of equal width over {@code [lower, upper)}.
   *
   * @throws IllegalArgumentException if {@code bins <= 0} or exceeds the longest Java array, a
   *     bound is NaN or infinite, {@code lower >= upper}, {@code upper - lower} overflows, or the
   *     bin width {@code (upper - lower) / bins} is below the smallest normal double (so {@code
   *     bins / (upper - lower)} would not be finite)
   */
  public static HistogramSpec even(int bins, double lower, double upper) {
    requirePositive(bins);
    if (!Double.isFinite(lower) || !Double.isFinite(upper)) {
      throw new IllegalArgumentException(
          "histogram bounds must be finite, got lower=" + lower + " upper=" + upper);
    }
    if (!(lower < upper)) {
      throw new IllegalArgumentException(
          "histogram lower bound must be below the upper bound, got lower="
              + lower
              + " upper="
              + upper);
    }
    if (!Double.isFinite(upper - lower)) {
      throw new IllegalArgumentException(
          "histogram range upper - lower overflows, got lower=" + lower + " upper=" + upper);
    }
    if (!((upper - lower) / bins >= Double.MIN_NORMAL)) {
      throw new IllegalArgumentException(
          "histogram bin width (upper - lower) / bins is below the smallest normal double "
              + Double.MIN_NORMAL
              + ", got lower="
              + lower
              + " upper="
              + upper
              + " bins="
              + bins);
    }
    return new HistogramSpec(bins, true, lower, upper);
  }

  private static void requirePositive(int bins) {
    SizeLimits.requireBins(bins);
  }

  /** Number of bins. */
  public int bins() {
    return bins;
  }

  /** True for even bins over a range, false for integer keys. */
  public boolean isEven() {
    return even;
  }

  /** Inclusive lower bound (0 for integer keys). */
  public double lower() {
    return lower;
  }

  /** Exclusive upper bound ({@code bins} for integer keys). */
  public double upper() {
    return upper;
  }

  /**
   * @throws IllegalArgumentException if this spec cannot count values of {@code type}: integer keys
   *     need int or long values, even bins need float or double values
   */
  public void requireCompatible(DType type) {
    if (even && !type.isFloating()) {
      throw new IllegalArgumentException(
          "even bins over [lower, upper) need float or double values, got " + type.id());
    }
    if (!even && type.isFloating()) {
      throw new IllegalArgumentException(
          "integer-key histograms need int or long keys, got "
              + type.id()
              + "; use HistogramSpec.even(bins, lower, upper)");
    }
  }

  @Override
  public String toString() {
    return even ? "even(" + bins + ", [" + lower + ", " + upper + "))" : "keys(" + bins + ")";
  }
}
