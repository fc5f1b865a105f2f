package dev.prims.cpu;

import dev.prims.ReduceOp;
import dev.prims.spi.ArgOrder;
import java.lang.reflect.Array;

/**
 * The work of a segmented arg-min/arg-max over {@link SegmentChunks}: each range searched by {@link
 * ArgLoops}, a partial kept as the index of its winner, and partials joined in index order with
 * {@link ArgOrder#wins} (an earlier index keeps ties). Writes each segment's winner and its index,
 * or the operator's identity and -1 for an empty segment. Reduce only.
 */
final class ArgSegmentWork implements SegmentWork {
  private final Object values;
  private final ReduceOp op;
  private final boolean min;
  private final Object outValues;
  private final long[] outIndices;
  private final Number identity;
  private final int[] heads;
  private final int[] tails;

  ArgSegmentWork(Object values, ReduceOp op, Object outValues, long[] outIndices, int chunks) {
    this.values = values;
    this.op = op;
    this.min = op == ReduceOp.MIN;
    this.outValues = outValues;
    this.outIndices = outIndices;
    this.identity = op.identity(dev.prims.DType.ofArray(values));
    this.heads = new int[chunks];
    this.tails = new int[chunks];
  }

  @Override
  public void whole(int seg, int from, int to) {
    write(seg, from < to ? arg(from, to) : -1);
  }

  @Override
  public void head(int chunk, int from, int to) {
    heads[chunk] = arg(from, to);
  }

  @Override
  public void tail(int chunk, int from, int to) {
    tails[chunk] = arg(from, to);
  }

  @Override
  public void span(int seg, int tailChunk, int lastChunk) {
    int best = tails[tailChunk];
    for (int c = tailChunk + 1; c <= lastChunk; c++) {
      int other = heads[c];
      if (ArgOrder.wins(key(other), other, key(best), best, op)) {
        best = other;
      }
    }
    write(seg, best);
  }

  @Override
  public void empty(int seg) {
    write(seg, -1);
  }

  @Override
  public void carry(int chunk, boolean fromTail) {
    throw new UnsupportedOperationException("arg-reduce has no scan");
  }

  @Override
  public void scanHead(int chunk, int from, int to) {
    throw new UnsupportedOperationException("arg-reduce has no scan");
  }

  @Override
  public void scanFresh(int from, int to) {
    throw new UnsupportedOperationException("arg-reduce has no scan");
  }

  private void write(int seg, int at) {
    outIndices[seg] = at;
    if (at < 0) {
      Array.set(outValues, seg, identity);
    } else {
      System.arraycopy(values, at, outValues, seg, 1);
    }
  }

  /** The index of the first extreme element of the non-empty {@code [from, to)}. */
  private int arg(int from, int to) {
    return ArgLoops.arg(values, from, to, min);
  }

  private long key(int at) {
    return ArgOrder.keyOf((Number) Array.get(values, at), op);
  }
}
