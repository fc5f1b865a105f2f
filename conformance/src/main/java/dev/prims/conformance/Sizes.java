package dev.prims.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Input lengths that straddle warp, block and grid edges, plus seeded random ones. */
public final class Sizes {
  /** The largest fixed size, 2^20 + 1. */
  public static final int LARGE = (1 << 20) + 1;

  /** The largest reproducible-mode size, 2^20 + 3. */
  public static final int REPRODUCIBLE_LARGE = (1 << 20) + 3;

  private static final int[] EDGES = {
    0, 1, 31, 32, 33, 255, 256, 257, 1023, 1024, 1025, 4097, LARGE
  };

  private Sizes() {}

  /** Every edge size and three seeded random sizes below 2^17, ascending edges first. */
  public static List<Integer> all() {
    List<Integer> sizes = new ArrayList<>();
    for (int n : EDGES) {
      sizes.add(n);
    }
    SplittableRandom random = new SplittableRandom(0x5eed);
    for (int i = 0; i < 3; i++) {
      sizes.add(2 + random.nextInt(1 << 17));
    }
    return sizes;
  }

  /** Sizes for the device-buffer paths of every variant. */
  public static List<Integer> bufferSubset() {
    return List.of(1, 257, 4097, LARGE);
  }

  /**
   * Sizes of the reproducible-mode comparisons: one past, at and one before warp, block, 4096 and
   * 65536 edges, and 2^20 + 3 (several chunks of every backend's fold grid).
   */
  public static List<Integer> reproducible() {
    return List.of(
        1,
        31,
        32,
        33,
        255,
        256,
        257,
        1023,
        1024,
        1025,
        4095,
        4096,
        4097,
        65535,
        65536,
        65537,
        REPRODUCIBLE_LARGE);
  }

  /**
   * The reproducible-mode sizes that run on every variant and launch shape: small, one past 4096,
   * and one past 65536 (several CPU chunks and GPU work-groups).
   */
  public static List<Integer> reproducibleShapes() {
    return List.of(33, 4097, 65537);
  }

  /**
   * Whether a reproducible case of {@code n} elements of {@code kind} runs on every variant and
   * launch shape: at {@link #reproducibleShapes()}, and at {@link #REPRODUCIBLE_LARGE} for random
   * data (the other kinds there only on the defaults, since their subnormal intermediates make CPU
   * devices slow).
   */
  public static boolean everySetting(FoldData kind, int n) {
    return reproducibleShapes().contains(n) || (n == REPRODUCIBLE_LARGE && kind == FoldData.RANDOM);
  }

  /** A smaller set for non-default variants: block edges, one odd size and 2^20 + 1. */
  public static List<Integer> variantSubset() {
    return List.of(1, 33, 257, 1025, 4097, 77_777, LARGE);
  }
}
