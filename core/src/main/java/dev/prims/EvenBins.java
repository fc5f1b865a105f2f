package dev.prims;

/**
 * The one bin formula for even histograms, with the parameters every backend passes to its kernels.
 *
 * <p>A value {@code v} is in range when {@code v >= lo && v < hi} (so NaN and the upper bound are
 * out of range). Its bin is {@code (int) ((v - lo) * scale)}, clamped to {@code bins - 1}, computed
 * in the value's own type with two separately rounded operations (never fused). For {@code float}
 * values {@code lo}, {@code hi} and {@code scale} are the float roundings of the spec's bounds and
 * of {@code bins / (hi - lo)}. Kernels must reproduce exactly {@link #binOf(float)} and {@link
 * #binOf(double)}.
 */
public final class EvenBins {
  private final int bins;
  private final double lo;
  private final double hi;
  private final double scale;
  private final float loF;
  private final float hiF;
  private final float scaleF;

  private EvenBins(HistogramSpec spec) {
    this.bins = spec.bins();
    this.lo = spec.lower();
    this.hi = spec.upper();
    this.scale = bins / (hi - lo);
    this.loF = (float) spec.lower();
    this.hiF = (float) spec.upper();
    this.scaleF = (float) (bins / ((double) hiF - (double) loF));
  }

  /**
   * Parameters for {@code spec}, which must be even.
   *
   * @throws IllegalArgumentException if the spec is not even, or its bounds collapse to one float
   *     value when {@code type} is float
   */
  public static EvenBins of(HistogramSpec spec, DType type) {
    if (!spec.isEven()) {
      throw new IllegalArgumentException("not an even-bin histogram: " + spec);
    }
    spec.requireCompatible(type);
    EvenBins b = new EvenBins(spec);
    if (type == DType.FLOAT && !(b.loF < b.hiF && Float.isFinite(b.hiF - b.loF))) {
      throw new IllegalArgumentException(
          "histogram bounds " + spec + " are not a usable range in float precision");
    }
    return b;
  }

  public int bins() {
    return bins;
  }

  /** Lower bound for double values. */
  public double lo() {
    return lo;
  }

  /** Upper bound for double values. */
  public double hi() {
    return hi;
  }

  /** {@code bins / (hi - lo)} for double values. */
  public double scale() {
    return scale;
  }

  /** Lower bound for float values. */
  public float loF() {
    return loF;
  }

  /** Upper bound for float values. */
  public float hiF() {
    return hiF;
  }

  /** {@code bins / (hi - lo)}, rounded to float, for float values. */
  public float scaleF() {
    return scaleF;
  }

  /** The bin of a double value, or -1 when it is out of range. */
  public int binOf(double v) {
    if (!(v >= lo && v < hi)) {
      return -1;
    }
    int b = (int) ((v - lo) * scale);
    return b >= bins ? bins - 1 : b;
  }

  /** The bin of a float value, or -1 when it is out of range. */
  public int binOf(float v) {
    if (!(v >= loF && v < hiF)) {
      return -1;
    }
    float offset = v - loF;
    int b = (int) (offset * scaleF);
    return b >= bins ? bins - 1 : b;
  }
}
