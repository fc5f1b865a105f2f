package dev.prims.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Input lengths that straddle warp, block and grid edges, plus seeded random ones. */
public final class Sizes {
  /** The largest fixed size, 2^20 + 1. */
  public static final int LARGE = (1 << 20) + 1;

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

  /** A smaller set for non-default variants: block edges, one odd size and 2^20 + 1. */
  public static List<Integer> variantSubset() {
    return List.of(1, 33, 257, 1025, 4097, 77_777, LARGE);
  }
}
