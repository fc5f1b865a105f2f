package dev.prims.app.bench;

import java.util.stream.IntStream;

/**
 * The JDK code a user would write for a segmented arg-max over segments of equal length: the
 * segments in parallel ({@code IntStream.range(0, segments).parallel()}), each a plain loop that
 * keeps its first largest element ({@code >}; NaN and signed zeros aside, as a user's loop does).
 */
final class SegmentArgPeer {
  /** The peer's name in reports. */
  static final String NAME = "IntStream.range(0, segments).parallel() loops";

  private SegmentArgPeer() {}

  /** The index of each segment's first largest element, summed (so the work is kept). */
  static double argMaxes(Object values, int length) {
    int n = java.lang.reflect.Array.getLength(values);
    int segments = (n + length - 1) / length;
    return IntStream.range(0, segments)
        .parallel()
        .mapToLong(s -> PeerLoops.firstArgMax(values, s * length, Math.min(n, s * length + length)))
        .sum();
  }
}
