package dev.prims;

/**
 * The one bin formula for even histograms, with the parameters every backend passes to its kernels.
 *
 * <p>A value {@code v} is in range when {@code v >= lo && v < hi} (so NaN and the upper bound are
 * out of range). With {@code t = (v - lo) * scale}, computed in the value's own type with two
 * separately rounded operations (never fused), its bin is {@code t < bins ? (int) t : bins - 1},
 * and a {@code t} that is not {@code >= 0} (NaN) is out of range: the conversion to int only ever
 * sees a value in {@code [0, bins)}, where every language defines it, so no spec or data can make a
 * kernel index outside its counts. For {@code float} values {@code lo}, {@code hi} and {@code
 * scale} are the float roundings of the spec's bounds and of {@code bins / (hi - lo)}; a range
 * whose bin width is not a normal number of the element type is rejected, so {@code scale} is
 * finite. Kernels must reproduce exactly {@link #binOf(float)} and {@link #binOf(double)}.
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
   * @throws IllegalArgumentException if the spec is not even, or, when {@code type} is float, its
   *     bounds collapse to one float value, their difference overflows float, or the bin width in
   *     float is below {@link Float#MIN_NORMAL}
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
    if (type == DType.FLOAT
        && !(((double) b.hiF - (double) b.loF) / b.bins >= Float.MIN_NORMAL
            && Float.isFinite(b.scaleF))) {
      throw new IllegalArgumentException(
          "histogram bin width of "
              + spec
              + " in float precision is below the smallest normal float "
              + Float.MIN_NORMAL
              + " (lower="
              + b.loF
              + " upper="
              + b.hiF
              + ")");
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
    double t = (v - lo) * scale;
    if (!(t >= 0)) {
      return -1;
    }
    return t < bins ? (int) t : bins - 1;
  }

  /** The bin of a float value, or -1 when it is out of range. */
  public int binOf(float v) {
    if (!(v >= loF && v < hiF)) {
      return -1;
    }
    float offset = v - loF;
    float t = offset * scaleF;
    if (!(t >= 0)) {
      return -1;
    }
    return t < bins ? (int) t : bins - 1;
  }
}
