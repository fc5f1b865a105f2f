package dev.prims.app;

import dev.prims.DType;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Seeded random input for {@code prims run}: the same seed, type, distribution and length give the
 * same array on every machine and thread count (each block of elements has its own generator,
 * seeded in sequence from the seed).
 */
final class DataGenerator {
  private static final int BLOCK = 1 << 16;

  /** What the values look like. */
  enum Distribution {
    /** float/double uniform in [0, 1); int/long uniform over every value of the type. */
    UNIFORM,
    /** float/double standard normal; int/long a normal with standard deviation 1000, rounded. */
    NORMAL,
    /** whole numbers uniform in [0, 1000), in any type. */
    INTS;

    static Distribution parse(String id) {
      for (Distribution d : values()) {
        if (d.name().equalsIgnoreCase(id.trim())) {
          return d;
        }
      }
      throw new BadInputException(
          "unknown distribution '" + id + "'; expected uniform, normal or ints");
    }

    String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private DataGenerator() {}

  /** An array of {@code n} values of {@code type}. */
  static Object generate(DType type, Distribution dist, long seed, int n) {
    Object array = java.lang.reflect.Array.newInstance(type.arrayClass().getComponentType(), n);
    int blocks = (int) ((n + (long) BLOCK - 1) / BLOCK);
    SplittableRandom root = new SplittableRandom(seed);
    long[] seeds = new long[blocks];
    for (int b = 0; b < blocks; b++) {
      seeds[b] = root.nextLong();
    }
    IntStream.range(0, blocks)
        .parallel()
        .forEach(
            b -> {
              SplittableRandom r = new SplittableRandom(seeds[b]);
              int from = b * BLOCK;
              int to = (int) Math.min(n, (long) from + BLOCK);
              fill(array, type, dist, r, from, to);
            });
    return array;
  }

  private static void fill(
      Object array, DType type, Distribution dist, SplittableRandom r, int from, int to) {
    switch (type) {
      case INT:
        int[] ints = (int[]) array;
        for (int i = from; i < to; i++) {
          ints[i] = (int) integer(dist, r, true);
        }
        break;
      case LONG:
        long[] longs = (long[]) array;
        for (int i = from; i < to; i++) {
          longs[i] = integer(dist, r, false);
        }
        break;
      case FLOAT:
        float[] floats = (float[]) array;
        for (int i = from; i < to; i++) {
          floats[i] = dist == Distribution.UNIFORM ? r.nextFloat() : (float) floating(dist, r);
        }
        break;
      default:
        double[] doubles = (double[]) array;
        for (int i = from; i < to; i++) {
          doubles[i] = dist == Distribution.UNIFORM ? r.nextDouble() : floating(dist, r);
        }
    }
  }

  private static long integer(Distribution dist, SplittableRandom r, boolean is32) {
    switch (dist) {
      case UNIFORM:
        return is32 ? r.nextInt() : r.nextLong();
      case NORMAL:
        return Math.round(r.nextGaussian() * 1000);
      default:
        return r.nextInt(1000);
    }
  }

  private static double floating(Distribution dist, SplittableRandom r) {
    return dist == Distribution.NORMAL ? r.nextGaussian() : r.nextInt(1000);
  }
}
