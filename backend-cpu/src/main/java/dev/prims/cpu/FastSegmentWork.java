package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.lang.reflect.Array;

/**
 * {@link SegmentWork} of fast mode on one type: ranges reduced by {@link ReduceLoops} and scanned
 * by {@link ScanLoops}; partials and carries kept in arrays of the type, combined in chunk order.
 */
final class FastSegmentWork implements SegmentWork {
  private final DType type;
  private final Object in;
  private final Object out;
  private final ReduceOp op;
  private final boolean inclusive;
  private final Object heads;
  private final Object tails;
  private final Object carries;
  private final Number identity;

  /** Work reading {@code in} and writing {@code out} (per segment or per element) over chunks. */
  FastSegmentWork(DType type, Object in, Object out, ReduceOp op, boolean inclusive, int chunks) {
    this.type = type;
    this.in = in;
    this.out = out;
    this.op = op;
    this.inclusive = inclusive;
    Class<?> component = in.getClass().getComponentType();
    this.heads = Array.newInstance(component, chunks);
    this.tails = Array.newInstance(component, chunks);
    this.carries = Array.newInstance(component, chunks);
    this.identity = op.identity(type);
  }

  @Override
  public void whole(int seg, int from, int to) {
    reduceInto(out, seg, from, to);
  }

  @Override
  public void head(int chunk, int from, int to) {
    reduceInto(heads, chunk, from, to);
  }

  @Override
  public void tail(int chunk, int from, int to) {
    reduceInto(tails, chunk, from, to);
  }

  private void reduceInto(Object target, int at, int from, int to) {
    switch (type) {
      case INT -> ((int[]) target)[at] = ReduceLoops.reduce((int[]) in, from, to, op);
      case LONG -> ((long[]) target)[at] = ReduceLoops.reduce((long[]) in, from, to, op);
      case FLOAT -> ((float[]) target)[at] = ReduceLoops.reduce((float[]) in, from, to, op);
      default -> ((double[]) target)[at] = ReduceLoops.reduce((double[]) in, from, to, op);
    }
  }

  @Override
  public void span(int seg, int tailChunk, int lastChunk) {
    switch (type) {
      case INT -> {
        int[] h = (int[]) heads;
        int acc = ((int[]) tails)[tailChunk];
        for (int c = tailChunk + 1; c <= lastChunk; c++) {
          acc = ReduceLoops.apply(op, acc, h[c]);
        }
        ((int[]) out)[seg] = acc;
      }
      case LONG -> {
        long[] h = (long[]) heads;
        long acc = ((long[]) tails)[tailChunk];
        for (int c = tailChunk + 1; c <= lastChunk; c++) {
          acc = ReduceLoops.apply(op, acc, h[c]);
        }
        ((long[]) out)[seg] = acc;
      }
      case FLOAT -> {
        float[] h = (float[]) heads;
        float acc = ((float[]) tails)[tailChunk];
        for (int c = tailChunk + 1; c <= lastChunk; c++) {
          acc = ReduceLoops.apply(op, acc, h[c]);
        }
        ((float[]) out)[seg] = acc;
      }
      default -> {
        double[] h = (double[]) heads;
        double acc = ((double[]) tails)[tailChunk];
        for (int c = tailChunk + 1; c <= lastChunk; c++) {
          acc = ReduceLoops.apply(op, acc, h[c]);
        }
        ((double[]) out)[seg] = acc;
      }
    }
  }

  @Override
  public void empty(int seg) {
    Array.set(out, seg, identity);
  }

  @Override
  public void carry(int chunk, boolean fromTail) {
    int p = chunk - 1;
    switch (type) {
      case INT -> {
        int[] c = (int[]) carries;
        c[chunk] = fromTail ? ((int[]) tails)[p] : ReduceLoops.apply(op, c[p], ((int[]) heads)[p]);
      }
      case LONG -> {
        long[] c = (long[]) carries;
        c[chunk] =
            fromTail ? ((long[]) tails)[p] : ReduceLoops.apply(op, c[p], ((long[]) heads)[p]);
      }
      case FLOAT -> {
        float[] c = (float[]) carries;
        c[chunk] =
            fromTail ? ((float[]) tails)[p] : ReduceLoops.apply(op, c[p], ((float[]) heads)[p]);
      }
      default -> {
        double[] c = (double[]) carries;
        c[chunk] =
            fromTail ? ((double[]) tails)[p] : ReduceLoops.apply(op, c[p], ((double[]) heads)[p]);
      }
    }
  }

  @Override
  public void scanHead(int chunk, int from, int to) {
    scan(from, to, Array.get(carries, chunk));
  }

  @Override
  public void scanFresh(int from, int to) {
    scan(from, to, identity);
  }

  private void scan(int from, int to, Object carry) {
    switch (type) {
      case INT ->
          ScanLoops.scan((int[]) in, from, to, (int[]) out, from, (Integer) carry, op, inclusive);
      case LONG ->
          ScanLoops.scan((long[]) in, from, to, (long[]) out, from, (Long) carry, op, inclusive);
      case FLOAT ->
          ScanLoops.scan((float[]) in, from, to, (float[]) out, from, (Float) carry, op, inclusive);
      default ->
          ScanLoops.scan(
              (double[]) in, from, to, (double[]) out, from, (Double) carry, op, inclusive);
    }
  }
}
