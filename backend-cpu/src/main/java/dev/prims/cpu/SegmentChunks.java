package dev.prims.cpu;

import java.util.function.IntToLongFunction;

/**
 * Segmented reduce and scan as one flat pass over equal chunks of the values, whatever the segment
 * boundaries, so that one huge segment and millions of tiny ones both run at memory speed. Each
 * chunk finds its first segment by binary search in the offsets, reduces (or scans) the segments
 * that start in it, and keeps partials for the segment that enters it from before (its head) and
 * the one that leaves it unfinished (its tail); a short sequential pass over the chunks joins those
 * in chunk order. The chunks depend on the length only, so results do not depend on the thread
 * count.
 */
final class SegmentChunks {
  private final IntToLongFunction offsets;
  private final int segments;
  private final int n;
  private final int chunk;
  private final int chunks;
  private final int[] headSegment;
  private final int[] tailSegment;

  /**
   * Chunks of {@code chunk} elements over {@code n} values split by {@code offsets(0..segments)}.
   */
  SegmentChunks(IntToLongFunction offsets, int segments, int n, int chunk) {
    this.offsets = offsets;
    this.segments = segments;
    this.n = n;
    this.chunk = chunk;
    this.chunks = CpuPolicy.chunks(n, chunk);
    this.headSegment = new int[chunks];
    this.tailSegment = new int[chunks];
  }

  /** Offsets of an int[] or long[]. */
  static IntToLongFunction of(Object offsets) {
    if (offsets instanceof int[] a) {
      return i -> a[i];
    }
    long[] a = (long[]) offsets;
    return i -> a[i];
  }

  int chunks() {
    return chunks;
  }

  /** Segmented reduce: every segment's output written once. */
  void reduce(CpuParallel parallel, SegmentWork work) {
    parallel.forEachChunk(chunks, c -> reduceChunk(c, work));
    for (int c = 0; c < chunks; c++) {
      int s = tailSegment[c];
      if (s >= 0) {
        int last = c + 1;
        while (last + 1 < chunks && headSegment[last + 1] == s) {
          last++;
        }
        work.span(s, c, last);
      }
    }
    for (int s = segments - 1; s >= 0 && offsets.applyAsLong(s) == n; s--) {
      work.empty(s);
    }
  }

  /**
   * Reduces the segments that start in chunk {@code c}: those that also end in it at once, the last
   * one, when it goes on past the chunk, into the chunk's tail.
   */
  private void reduceChunk(int c, SegmentWork work) {
    int lo = c * chunk;
    int hi = (int) Math.min(n, (long) lo + chunk);
    int first = head(c, lo, hi, work);
    // segments [first, after) start in the chunk; the last of them leaves it unless it ends at hi
    int after = firstAtOrAfter(hi);
    boolean leaves = after > first && offsets.applyAsLong(after) > hi;
    work.wholes(first, leaves ? after - 1 : after, offsets);
    tailSegment[c] = -1;
    if (leaves) {
      work.tail(c, (int) offsets.applyAsLong(after - 1), hi);
      tailSegment[c] = after - 1;
    }
  }

  /**
   * Records and reduces chunk {@code c}'s head, if any, and returns the first segment that starts
   * in the chunk (or later).
   */
  private int head(int c, int lo, int hi, SegmentWork work) {
    int s = firstAtOrAfter(lo);
    headSegment[c] = -1;
    if (lo > 0 && (s == segments || offsets.applyAsLong(s) > lo)) {
      headSegment[c] = s - 1;
      int end = s == segments ? hi : (int) Math.min(offsets.applyAsLong(s), hi);
      work.head(c, lo, end);
    }
    return s;
  }

  /** Segmented scan: every element's output written once; empty segments write nothing. */
  void scan(CpuParallel parallel, SegmentWork work) {
    parallel.forEachChunk(
        chunks,
        c -> {
          int lo = c * chunk;
          int hi = (int) Math.min(n, (long) lo + chunk);
          head(c, lo, hi, work);
          tailSegment[c] = -1;
          int last = firstAtOrAfter(hi) - 1;
          if (last >= 0 && offsets.applyAsLong(last) >= lo) {
            tailSegment[c] = last;
            work.tail(c, (int) offsets.applyAsLong(last), hi);
          }
        });
    for (int c = 1; c < chunks; c++) {
      if (headSegment[c] >= 0) {
        work.carry(c, tailSegment[c - 1] >= 0);
      }
    }
    parallel.forEachChunk(
        chunks,
        c -> {
          int lo = c * chunk;
          int hi = (int) Math.min(n, (long) lo + chunk);
          int s = firstAtOrAfter(lo);
          if (headSegment[c] >= 0) {
            work.scanHead(c, lo, s == segments ? hi : (int) Math.min(offsets.applyAsLong(s), hi));
          }
          for (; s < segments && offsets.applyAsLong(s) < hi; s++) {
            int from = (int) offsets.applyAsLong(s);
            int to = (int) Math.min(offsets.applyAsLong(s + 1), hi);
            if (to > from) {
              work.scanFresh(from, to);
            }
          }
        });
  }

  /**
   * The first segment index in {@code [0, segments]} whose offset is at least {@code pos}: a guess
   * in proportion to the position (right at once for segments of one length), a galloping search
   * from it for the bracket, and a binary search inside. A plain binary search over millions of
   * offsets misses the cache at every step, which cost a 2^24-element sum of 64-element segments on
   * 16 cores a sixth of its time.
   */
  private int firstAtOrAfter(long pos) {
    int lo = 0;
    int hi = segments;
    int guess = n == 0 ? 0 : (int) Math.min(segments, pos * segments / n);
    if (guess < segments && offsets.applyAsLong(guess) < pos) {
      lo = guess + 1;
      for (long step = 1; (long) guess + step < segments; step <<= 1) {
        int probe = (int) (guess + step);
        if (offsets.applyAsLong(probe) >= pos) {
          hi = probe;
          break;
        }
        lo = probe + 1;
      }
    } else {
      hi = guess;
      for (long step = 1; guess - step >= 0; step <<= 1) {
        int probe = (int) (guess - step);
        if (offsets.applyAsLong(probe) < pos) {
          lo = probe + 1;
          break;
        }
        hi = probe;
      }
    }
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (offsets.applyAsLong(mid) < pos) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
