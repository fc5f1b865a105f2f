package dev.prims.conformance;

import dev.prims.DType;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Finite floating inputs that stress reproducible mode: each shape targets one way a backend's fold
 * kernels could drift from {@link ReproducibleReference} (order, lost low bits, flushed subnormals,
 * grids chosen from the wrong magnitude). Every value is finite, and dot partners keep every
 * product and every sum inside the type's range.
 */
public enum FoldData {
  /** Random signs and magnitudes in [2^-6, 2^7). */
  RANDOM,
  /**
   * Heavy cancellation: +1e8 and -1e8 at random places with small values (magnitudes 1e-3 to 1)
   * between; the sum is of the order of the small values.
   */
  CANCELLATION,
  /** Subnormals only (random bits below the smallest normal, random signs, the smallest one). */
  SUBNORMAL,
  /**
   * Subnormals mixed with small normals (at most 2^20 times the smallest normal), so subnormals
   * stay within the folds' reach of the largest magnitude.
   */
  SUBNORMAL_MIXED,
  /**
   * Magnitudes spread over many binades: 10^u with u uniform in [-30, 30] for float and [-300, 300]
   * for double, random signs.
   */
  MIXED_MAGNITUDES;

  /** Lower-case name for test display. */
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** {@code n} values of {@code type} (float or double) shaped like this kind. */
  public Object array(DType type, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    if (type == DType.FLOAT) {
      float[] a = new float[n];
      for (int i = 0; i < n; i++) {
        a[i] = floatValue(i, r);
      }
      return a;
    }
    if (type != DType.DOUBLE) {
      throw new IllegalArgumentException("fold data is float or double, not " + type.id());
    }
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = doubleValue(i, r);
    }
    return a;
  }

  /**
   * The second operand of a dot with {@link #array}: the same kind for {@link #RANDOM}; otherwise
   * small exact factors (±0.5, ±1, ±1.5, ±2), so products keep the first operand's shape
   * (cancellation stays exact, subnormal products stay subnormal in double, huge magnitudes do not
   * overflow).
   */
  public Object partner(DType type, int n, long seed) {
    if (this == RANDOM) {
      return array(type, n, seed);
    }
    SplittableRandom r = new SplittableRandom(seed);
    double[] factors = {0.5, 1, 1.5, 2, -0.5, -1, -1.5, -2};
    if (type == DType.FLOAT) {
      float[] a = new float[n];
      for (int i = 0; i < n; i++) {
        a[i] = (float) factors[r.nextInt(factors.length)];
      }
      return a;
    }
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = factors[r.nextInt(factors.length)];
    }
    return a;
  }

  private float floatValue(int i, SplittableRandom r) {
    switch (this) {
      case CANCELLATION:
        return (float) cancellation(r);
      case SUBNORMAL:
        return floatSubnormal(i, r);
      case SUBNORMAL_MIXED:
        return r.nextBoolean()
            ? floatSubnormal(i, r)
            : signed(r, Math.scalb((1 + r.nextFloat()), Float.MIN_EXPONENT + r.nextInt(20)));
      case MIXED_MAGNITUDES:
        return (float) signed(r, Math.pow(10, r.nextDouble(-30, 30)));
      default:
        return (float) signed(r, randomMagnitude(r));
    }
  }

  private double doubleValue(int i, SplittableRandom r) {
    switch (this) {
      case CANCELLATION:
        return cancellation(r);
      case SUBNORMAL:
        return doubleSubnormal(i, r);
      case SUBNORMAL_MIXED:
        return r.nextBoolean()
            ? doubleSubnormal(i, r)
            : signed(r, Math.scalb(1 + r.nextDouble(), Double.MIN_EXPONENT + r.nextInt(20)));
      case MIXED_MAGNITUDES:
        return signed(r, Math.pow(10, r.nextDouble(-300, 300)));
      default:
        return signed(r, randomMagnitude(r));
    }
  }

  private static double cancellation(SplittableRandom r) {
    switch (r.nextInt(3)) {
      case 0:
        return 1e8;
      case 1:
        return -1e8;
      default:
        return signed(r, Math.pow(10, r.nextDouble(-3, 0)));
    }
  }

  /** A subnormal float: every 97th is the smallest one, the others random subnormal bits. */
  private static float floatSubnormal(int i, SplittableRandom r) {
    float v = i % 97 == 0 ? Float.MIN_VALUE : Float.intBitsToFloat(1 + r.nextInt((1 << 23) - 1));
    return r.nextBoolean() ? v : -v;
  }

  /** A subnormal double: every 97th is the smallest one, the others random subnormal bits. */
  private static double doubleSubnormal(int i, SplittableRandom r) {
    double v =
        i % 97 == 0 ? Double.MIN_VALUE : Double.longBitsToDouble(1 + r.nextLong((1L << 52) - 1));
    return r.nextBoolean() ? v : -v;
  }

  private static double randomMagnitude(SplittableRandom r) {
    return (0.5 + r.nextDouble() / 2) * Math.scalb(1.0, r.nextInt(-5, 8));
  }

  private static double signed(SplittableRandom r, double v) {
    return r.nextBoolean() ? v : -v;
  }

  private static float signed(SplittableRandom r, float v) {
    return r.nextBoolean() ? v : -v;
  }
}
