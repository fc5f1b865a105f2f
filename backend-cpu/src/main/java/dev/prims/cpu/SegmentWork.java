package dev.prims.cpu;

import java.util.function.IntToLongFunction;

/**
 * The typed half of a segmented reduce or scan: what {@link SegmentChunks} asks for, range by
 * range, while it walks a flat grid of equal chunks. A "head" is the part of a chunk that continues
 * a segment begun in an earlier chunk; a "tail" is the part from the chunk's last segment start to
 * its end when that segment goes on into the next chunk. Partials are kept per chunk.
 */
interface SegmentWork {
  /** Reduces segment {@code seg}, wholly {@code [from, to)}, into its output. */
  void whole(int seg, int from, int to);

  /**
   * Reduces segments {@code [first, end)}, each wholly inside one chunk and bounded by {@code
   * offsets}, into their outputs: {@link #whole} for each, unless a work has a faster loop.
   */
  default void wholes(int first, int end, IntToLongFunction offsets) {
    for (int s = first; s < end; s++) {
      whole(s, (int) offsets.applyAsLong(s), (int) offsets.applyAsLong(s + 1));
    }
  }

  /** Reduces {@code [from, to)} into chunk {@code chunk}'s head partial. */
  void head(int chunk, int from, int to);

  /** Reduces {@code [from, to)} into chunk {@code chunk}'s tail partial. */
  void tail(int chunk, int from, int to);

  /**
   * Writes segment {@code seg}'s output: chunk {@code tailChunk}'s tail partial combined, in order,
   * with the head partials of chunks {@code tailChunk + 1 .. lastChunk}.
   */
  void span(int seg, int tailChunk, int lastChunk);

  /** Writes the output of an empty segment. */
  void empty(int seg);

  /**
   * Sets chunk {@code chunk}'s scan carry: chunk {@code chunk - 1}'s tail partial when {@code
   * fromTail}, else its carry combined with its head partial (that chunk lies inside one segment).
   */
  void carry(int chunk, boolean fromTail);

  /** Scans {@code [from, to)} starting from chunk {@code chunk}'s carry. */
  void scanHead(int chunk, int from, int to);

  /** Scans {@code [from, to)}, a segment's first part, starting from the identity. */
  void scanFresh(int from, int to);
}
