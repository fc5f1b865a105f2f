package dev.prims.app.bench;

import dev.prims.Primitive;
import java.util.List;
import java.util.Map;

/**
 * The reference points of {@code prims ladder}: the canonical order of each primitive's variants,
 * and the G80 timings of M. Harris, "Optimizing Parallel Reduction in CUDA" (NVIDIA, 2007), for
 * 2^22 ints on a GeForce 8800 GTX.
 */
public final class HarrisFigures {
  /** Elements of Harris' measurements. */
  public static final int N = 1 << 22;

  /** Kernel 1..7 of the paper, by prims variant name: milliseconds on the G80. */
  public static final Map<String, Double> G80_MS =
      Map.of(
          "interleaved-divergent", 8.054,
          "interleaved-strided", 3.456,
          "sequential", 1.722,
          "first-add", 0.965,
          "unroll-last-warp", 0.536,
          "complete-unroll", 0.381,
          "multi-element", 0.268);

  /** Kernel 1..7 of the paper, by prims variant name: GB/s on the G80 as the paper gives them. */
  public static final Map<String, Double> G80_GBPS =
      Map.of(
          "interleaved-divergent", 2.083,
          "interleaved-strided", 4.854,
          "sequential", 9.741,
          "first-add", 17.377,
          "unroll-last-warp", 31.289,
          "complete-unroll", 43.996,
          "multi-element", 62.671);

  private static final List<String> REDUCE_ORDER =
      List.of(
          "interleaved-divergent",
          "interleaved-strided",
          "sequential",
          "first-add",
          "unroll-last-warp",
          "complete-unroll",
          "multi-element",
          "shuffle",
          "vectorized",
          "bulk");

  private static final List<String> SCAN_ORDER =
      List.of("hillis-steele", "blelloch", "reduce-then-scan", "decoupled-lookback", "bulk");

  private static final List<String> HISTOGRAM_ORDER =
      List.of("global-atomics", "shared-atomics", "per-thread", "sort-reduce");

  private HarrisFigures() {}

  /** The variants in ladder order: the canonical ones first, then any others as listed. */
  public static List<String> ladderOrder(Primitive primitive, List<String> variants) {
    List<String> canonical =
        switch (primitive) {
          case REDUCE -> REDUCE_ORDER;
          case SCAN -> SCAN_ORDER;
          case HISTOGRAM -> HISTOGRAM_ORDER;
          case DOT -> List.of();
        };
    return variants.stream()
        .sorted(
            (a, b) ->
                Integer.compare(
                    rank(canonical, a, variants.indexOf(a)),
                    rank(canonical, b, variants.indexOf(b))))
        .toList();
  }

  private static int rank(List<String> canonical, String variant, int listed) {
    int i = canonical.indexOf(variant);
    return i >= 0 ? i : canonical.size() + listed;
  }
}
