package dev.prims.conformance;

import dev.prims.DType;
import java.util.SplittableRandom;

/** Seeded input arrays of every {@link DataKind} and {@link DType}. */
public final class TestData {
  private static final int[] INT_EXTREMES = {
    Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE - 1, 0, 1, -1
  };
  private static final long[] LONG_EXTREMES = {
    Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, 0, 1, -1
  };
  private static final float[] FLOAT_EXTREMES = {
    Float.MAX_VALUE,
    -Float.MAX_VALUE,
    Float.MAX_VALUE / 3,
    -Float.MAX_VALUE / 5,
    Float.MIN_VALUE,
    -Float.MIN_VALUE,
    Float.MIN_NORMAL,
    -Float.MIN_NORMAL,
    Float.MIN_NORMAL / 3,
    -Float.MIN_VALUE * 77,
    0.0f,
    -0.0f,
    1.0f,
    -1.0f
  };
  private static final double[] DOUBLE_EXTREMES = {
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    Double.MAX_VALUE / 3,
    -Double.MAX_VALUE / 5,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    -Double.MIN_NORMAL,
    Double.MIN_NORMAL / 3,
    -Double.MIN_VALUE * 77,
    0.0,
    -0.0,
    1.0,
    -1.0
  };

  private TestData() {}

  /** A seed mixing the test coordinates, so every case gets its own reproducible data. */
  public static long seed(Object... parts) {
    long h = 0x9E3779B97F4A7C15L;
    for (Object p : parts) {
      h = (h ^ String.valueOf(p).hashCode()) * 0xBF58476D1CE4E5B9L;
      h ^= h >>> 31;
    }
    return h;
  }

  /** An array of {@code n} values of {@code type} shaped like {@code kind}. */
  public static Object array(DType type, DataKind kind, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    switch (type) {
      case INT:
        return ints(kind, n, r);
      case LONG:
        return longs(kind, n, r);
      case FLOAT:
        return floats(kind, n, r);
      default:
        return doubles(kind, n, r);
    }
  }

  /**
   * Values whose products in any order neither overflow nor underflow: floating values near 1 (with
   * alternating signs or NaNs where the kind asks), odd integers (so products never become 0).
   * {@link DataKind#EXTREME} is not product-safe for floating types and is returned unchanged.
   */
  public static Object productSafe(DType type, DataKind kind, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    switch (type) {
      case INT:
        {
          int[] a = ints(kind, n, r);
          for (int i = 0; i < n; i++) {
            a[i] |= 1;
          }
          return a;
        }
      case LONG:
        {
          long[] a = longs(kind, n, r);
          for (int i = 0; i < n; i++) {
            a[i] |= 1;
          }
          return a;
        }
      case FLOAT:
        {
          if (kind == DataKind.EXTREME) {
            return floats(kind, n, r);
          }
          float[] a = new float[n];
          for (int i = 0; i < n; i++) {
            a[i] = (float) nearOne(kind, i, r);
          }
          if (kind == DataKind.NAN) {
            sprinkleNaN(a, r);
          }
          return a;
        }
      default:
        {
          if (kind == DataKind.EXTREME) {
            return doubles(kind, n, r);
          }
          double[] a = new double[n];
          for (int i = 0; i < n; i++) {
            a[i] = nearOne(kind, i, r);
          }
          if (kind == DataKind.NAN) {
            sprinkleNaN(a, r);
          }
          return a;
        }
    }
  }

  private static double nearOne(DataKind kind, int i, SplittableRandom r) {
    switch (kind) {
      case CONSTANT:
        return 1.0 + 0x1p-21;
      case ALTERNATING:
        return (i % 2 == 0 ? 1 : -1) * (1.0 + (r.nextDouble() - 0.5) * 0x1p-7);
      default:
        return 1.0 + (r.nextDouble() - 0.5) * 0x1p-7;
    }
  }

  private static int[] ints(DataKind kind, int n, SplittableRandom r) {
    int[] a = new int[n];
    int constant = r.nextInt();
    for (int i = 0; i < n; i++) {
      switch (kind) {
        case CONSTANT:
          a[i] = constant;
          break;
        case ALTERNATING:
          a[i] = (i % 2 == 0 ? 1 : -1) * (r.nextInt() & Integer.MAX_VALUE);
          break;
        case EXTREME:
          a[i] = INT_EXTREMES[r.nextInt(INT_EXTREMES.length)];
          break;
        default:
          a[i] = r.nextInt();
      }
    }
    return a;
  }

  private static long[] longs(DataKind kind, int n, SplittableRandom r) {
    long[] a = new long[n];
    long constant = r.nextLong();
    for (int i = 0; i < n; i++) {
      switch (kind) {
        case CONSTANT:
          a[i] = constant;
          break;
        case ALTERNATING:
          a[i] = (i % 2 == 0 ? 1 : -1) * (r.nextLong() & Long.MAX_VALUE);
          break;
        case EXTREME:
          a[i] = LONG_EXTREMES[r.nextInt(LONG_EXTREMES.length)];
          break;
        default:
          a[i] = r.nextLong();
      }
    }
    return a;
  }

  private static float[] floats(DataKind kind, int n, SplittableRandom r) {
    float[] a = new float[n];
    float constant = (float) (0.1 + r.nextDouble());
    for (int i = 0; i < n; i++) {
      switch (kind) {
        case CONSTANT:
          a[i] = constant;
          break;
        case ALTERNATING:
          a[i] = (i % 2 == 0 ? 1 : -1) * (float) randomMagnitude(r);
          break;
        case EXTREME:
          a[i] =
              r.nextInt(4) == 0
                  ? (float) randomSigned(r)
                  : FLOAT_EXTREMES[r.nextInt(FLOAT_EXTREMES.length)];
          break;
        default:
          a[i] = (float) randomSigned(r);
      }
    }
    if (kind == DataKind.NAN) {
      sprinkleNaN(a, r);
    }
    return a;
  }

  private static double[] doubles(DataKind kind, int n, SplittableRandom r) {
    double[] a = new double[n];
    double constant = 0.1 + r.nextDouble();
    for (int i = 0; i < n; i++) {
      switch (kind) {
        case CONSTANT:
          a[i] = constant;
          break;
        case ALTERNATING:
          a[i] = (i % 2 == 0 ? 1 : -1) * randomMagnitude(r);
          break;
        case EXTREME:
          a[i] =
              r.nextInt(4) == 0
                  ? randomSigned(r)
                  : DOUBLE_EXTREMES[r.nextInt(DOUBLE_EXTREMES.length)];
          break;
        default:
          a[i] = randomSigned(r);
      }
    }
    if (kind == DataKind.NAN) {
      sprinkleNaN(a, r);
    }
    return a;
  }

  /** A positive value with a random exponent in [2^-6, 2^7). */
  private static double randomMagnitude(SplittableRandom r) {
    return (0.5 + r.nextDouble() / 2) * Math.scalb(1.0, r.nextInt(-5, 8));
  }

  private static double randomSigned(SplittableRandom r) {
    return r.nextBoolean() ? randomMagnitude(r) : -randomMagnitude(r);
  }

  /** One NaN at a random place, about one more per 4096 elements, and one +Infinity. */
  private static void sprinkleNaN(float[] a, SplittableRandom r) {
    int n = a.length;
    if (n == 0) {
      return;
    }
    if (n > 2) {
      a[r.nextInt(n)] = Float.POSITIVE_INFINITY;
    }
    a[r.nextInt(n)] = Float.NaN;
    for (int k = 0; k < n / 4096; k++) {
      a[r.nextInt(n)] = Float.NaN;
    }
  }

  private static void sprinkleNaN(double[] a, SplittableRandom r) {
    int n = a.length;
    if (n == 0) {
      return;
    }
    if (n > 2) {
      a[r.nextInt(n)] = Double.POSITIVE_INFINITY;
    }
    a[r.nextInt(n)] = Double.NaN;
    for (int k = 0; k < n / 4096; k++) {
      a[r.nextInt(n)] = Double.NaN;
    }
  }
}
