package dev.prims.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Segment layouts for the segmented conformance: CSR offsets over {@code n} values, random and
 * extreme (empty segments, one huge segment, single elements, segments longer than every backend's
 * tile or chunk), and runs of keys for the by-key calls.
 */
public final class SegmentLayouts {
  /** A named layout of offsets ({@code segments + 1} entries, first 0, last n). */
  public record Layout(String name, int[] offsets) {
    @Override
    public String toString() {
      return name + " (" + (offsets.length - 1) + " segments)";
    }
  }

  /** Lengths straddling warp, block, tile and chunk edges, up to 2^20 + 1. */
  public static final List<Integer> SIZES =
      List.of(0, 1, 2, 31, 33, 257, 1025, 4097, 16385, 65537, Sizes.LARGE);

  /**
   * From this size on, the layouts whose cases are about segment edges (empty and tiny, huge
   * between empties, single elements) are left to the smaller sizes: the large sizes keep the
   * layouts whose cost and code paths grow with the length.
   */
  public static final int EDGE_LAYOUTS_BELOW = 65537;

  private SegmentLayouts() {}

  /**
   * Every layout of {@code n} values (below {@link #EDGE_LAYOUTS_BELOW}; from there on without the
   * segment-edge layouts).
   */
  public static List<Layout> all(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Layout> layouts = new ArrayList<>();
    boolean edges = n < EDGE_LAYOUTS_BELOW;
    layouts.add(new Layout("random, mean 40, some empty", lengths(n, r, 80, 0.2)));
    if (edges) {
      layouts.add(new Layout("empty and tiny", lengths(n, r, 3, 0.5)));
    }
    layouts.add(new Layout("one huge", new int[] {0, n}));
    if (edges) {
      layouts.add(new Layout("huge between empties", new int[] {0, 0, 0, n, n}));
      layouts.add(new Layout("single elements", singles(n)));
    }
    layouts.add(new Layout("long, mean 9000", lengths(n, r, 18000, 0.05)));
    layouts.add(new Layout("beyond a chunk, 70001", fixed(n, 70001)));
    layouts.add(new Layout("64 each", fixed(n, 64)));
    return layouts;
  }

  /** Offsets of segments of random length in {@code [0, 2 * mean]}, a share of them empty. */
  static int[] lengths(int n, SplittableRandom r, int twiceMean, double empty) {
    List<Integer> offsets = new ArrayList<>();
    offsets.add(0);
    int at = 0;
    while (at < n) {
      int length = r.nextDouble() < empty ? 0 : 1 + r.nextInt(twiceMean);
      at = Math.min(n, at + length);
      offsets.add(at);
    }
    if (r.nextBoolean()) {
      offsets.add(n);
    }
    return offsets.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Offsets of segments of {@code length} (the last one shorter). */
  public static int[] fixed(int n, int length) {
    int segments = (n + length - 1) / length;
    int[] offsets = new int[segments + 1];
    for (int s = 1; s <= segments; s++) {
      offsets[s] = (int) Math.min(n, (long) s * length);
    }
    return offsets;
  }

  private static int[] singles(int n) {
    int[] offsets = new int[n + 1];
    for (int i = 0; i <= n; i++) {
      offsets[i] = i;
    }
    return offsets;
  }

  /** The same offsets as longs. */
  public static long[] asLongs(int[] offsets) {
    long[] result = new long[offsets.length];
    for (int i = 0; i < offsets.length; i++) {
      result[i] = offsets[i];
    }
    return result;
  }

  /**
   * Keys in runs of random length in {@code [1, 2 * mean]}, drawn from few values so that equal
   * keys also come back in later runs and adjacent runs sometimes share a key (they then merge).
   */
  public static int[] runKeys(int n, int mean, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] keys = new int[n];
    int at = 0;
    while (at < n) {
      int length = 1 + r.nextInt(2 * mean);
      int key = r.nextInt(50) - 25;
      for (int i = at; i < Math.min(n, at + length); i++) {
        keys[i] = key;
      }
      at += length;
    }
    return keys;
  }

  /** The offsets of the runs of equal adjacent keys. */
  public static int[] runOffsets(int[] keys) {
    List<Integer> offsets = new ArrayList<>();
    for (int i = 0; i < keys.length; i++) {
      if (i == 0 || keys[i] != keys[i - 1]) {
        offsets.add(i);
      }
    }
    offsets.add(keys.length);
    return offsets.stream().mapToInt(Integer::intValue).toArray();
  }
}
