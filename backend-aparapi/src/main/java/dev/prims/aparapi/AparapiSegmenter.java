package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.AbstractSegmenter;
import dev.prims.spi.ArgOrder;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldPlan;
import java.lang.reflect.Array;

/**
 * Segmented reduce and scan on Aparapi (SegmentKernel): each work-item walks one chunk of {@link
 * AparapiSegmentPolicy#CHUNK} elements whatever the segment lengths; the host joins the segments
 * that cross chunks (reduce) or turns the chunks' heads and tails into carries (scan), as the cpu
 * backend does. Reproducible sums take the same steps on exact fold sums. Runs of keys are a
 * compaction of the values that start a run ({@link AparapiSelectKernels#runs}).
 */
final class AparapiSegmenter extends AbstractSegmenter {

  private final DriverContext context;
  private final AparapiSelectKernels select;

  AparapiSegmenter(DriverContext context, AparapiSelectKernels select) {
    this.context = context;
    this.select = select;
  }

  /**
   * Segmented arg-min/arg-max: every segment is cut into pieces of at most {@link
   * AparapiSegmentPolicy#CHUNK} elements, one work-item scans each piece (SegmentArgKernel), and
   * the host joins the pieces of each segment in index order with {@link ArgOrder}.
   */
  @Override
  protected String argSegmented(ArgPass pass) {
    ReduceOp op = pass.op();
    CallContext call = pass.call();
    AparapiBuffer in = context.buffers().own(pass.values());
    AparapiBuffer winners = context.buffers().own(pass.outValues());
    AparapiBuffer at = context.buffers().own(pass.outIndices());
    int count = (int) pass.segments();
    long[] bounds = longs(context.buffers().own(pass.offsets()).array(), count + 1);
    int[] firstPiece = new int[count + 1];
    int pieces = 0;
    for (int s = 0; s < count; s++) {
      firstPiece[s] = pieces;
      pieces +=
          (int)
              ((bounds[s + 1] - bounds[s] + AparapiSegmentPolicy.CHUNK - 1)
                  / AparapiSegmentPolicy.CHUNK);
    }
    firstPiece[count] = pieces;
    int[] starts = new int[pieces + 1];
    for (int s = 0; s < count; s++) {
      for (int p = firstPiece[s]; p < firstPiece[s + 1]; p++) {
        starts[p] = (int) bounds[s] + (p - firstPiece[s]) * AparapiSegmentPolicy.CHUNK;
      }
    }
    starts[pieces] = in.size();
    int[] index = pieces == 0 ? new int[0] : pieceWinners(in, starts, pieces, op, call);
    Object a = in.array();
    long[] indices = (long[]) at.array();
    Number identity = op.identity(in.type());
    for (int s = 0; s < count; s++) {
      int best = -1;
      for (int p = firstPiece[s]; p < firstPiece[s + 1]; p++) {
        int other = index[p];
        if (best < 0 || ArgOrder.wins(key(a, other, op), other, key(a, best, op), best, op)) {
          best = other;
        }
      }
      indices[s] = best;
      if (best < 0) {
        Array.set(winners.array(), s, identity);
      } else {
        System.arraycopy(a, best, winners.array(), s, 1);
      }
    }
    winners.markWritten();
    at.markWritten();
    return ARG_FLAT;
  }

  /** The winner of each piece of {@code in}, one work-item per piece. */
  private int[] pieceWinners(
      AparapiBuffer in, int[] starts, int pieces, ReduceOp op, CallContext call) {
    KernelHandle<?> handle = context.kernels().segmentArg(in.type());
    return handle.locked(
        k -> {
          SegmentArgKernel kernel = (SegmentArgKernel) k;
          kernel.bind(in.array(), starts, pieces, op == ReduceOp.MIN);
          handle.bind("a", in);
          handle.put(starts);
          context.launchItems(handle, pieces, call);
          handle.get(kernel.index());
          return kernel.index();
        });
  }

  /** The {@link ArgOrder} key of element {@code i} of {@code a}. */
  private static long key(Object a, int i, ReduceOp op) {
    return ArgOrder.keyOf((Number) Array.get(a, i), op);
  }

  @Override
  protected void pass(Pass pass) {
    ReduceOp op = pass.op();
    ScanKind kind = pass.kind();
    FoldPlan plan = pass.plan();
    CallContext call = pass.call();
    AparapiBuffer in = context.buffers().own(pass.values());
    AparapiBuffer result = context.buffers().own(pass.out());
    long[] starts = longs(context.buffers().own(pass.offsets()).array(), (int) pass.segments() + 1);
    DType type = in.type();
    int n = in.size();
    int count = (int) pass.segments();
    Number identity = op.identity(type);
    int chunks = (n + AparapiSegmentPolicy.CHUNK - 1) / AparapiSegmentPolicy.CHUNK;
    boolean inPlace = in.array() == result.array();
    Object target = inPlace ? type.newArray(n) : result.array();
    if (chunks > 0 && (kind != null || count > 0)) {
      KernelHandle<?> handle = context.kernels().segment(type);
      handle.locked(
          k -> {
            SegmentKernel kernel = (SegmentKernel) k;
            kernel.bind(in.array(), target, starts, n, count, OpCode.of(op), identity);
            kernel.shape(AparapiSegmentPolicy.CHUNK, chunks);
            int fold = plan == null ? 0 : SegmentKernel.PHASE_FOLD_REDUCE;
            if (plan != null) {
              kernel.plan(plan.folds(), AparapiFoldKernels.factors(plan));
              handle.put(kernel.scale());
            }
            handle.bind("values", in);
            handle.put(starts);
            handle.put(target);
            boolean exclusive = kind == ScanKind.EXCLUSIVE;
            int first = kind == null ? SegmentKernel.PHASE_REDUCE : SegmentKernel.PHASE_TOTALS;
            kernel.phase(first + fold, exclusive);
            context.launchItems(handle, chunks, call);
            handle.get(kernel.headSegments());
            handle.get(kernel.tailSegments());
            if (plan == null) {
              handle.get(kernel.heads());
              handle.get(kernel.tails());
            } else {
              handle.get(kernel.foldHeads());
              handle.get(kernel.foldTails());
            }
            if (kind == null) {
              handle.get(target);
              join(kernel, target, chunks, OpCode.of(op), plan);
            } else {
              carries(kernel, chunks, OpCode.of(op), plan);
              handle.put(plan == null ? kernel.carries() : kernel.foldCarries());
              kernel.phase(SegmentKernel.PHASE_SCAN + fold, exclusive);
              context.launchItems(handle, chunks, call);
              handle.get(target);
            }
            return null;
          });
    }
    if (kind == null) {
      for (int s = count - 1; s >= 0 && starts[s] == n; s--) {
        Array.set(target, s, plan == null ? identity : op.identity(type));
      }
    }
    if (inPlace) {
      System.arraycopy(target, 0, result.array(), 0, n);
    }
    result.markWritten();
  }

  /** Reduce: each segment that starts in a chunk and goes on joins the next chunks' heads. */
  private static void join(SegmentKernel kernel, Object out, int chunks, int op, FoldPlan plan) {
    int[] headSeg = kernel.headSegments();
    int[] tailSeg = kernel.tailSegments();
    for (int c = 0; c < chunks; c++) {
      int s = tailSeg[c];
      if (s < 0) {
        continue;
      }
      if (plan == null) {
        System.arraycopy(kernel.tails(), c, out, s, 1);
      }
      long[] sums = plan == null ? null : folds(kernel.foldTails(), c);
      for (int h = c + 1; h < chunks && headSeg[h] == s; h++) {
        if (plan == null) {
          HostOps.combineInto(out, s, kernel.heads(), h, op);
        } else {
          add(sums, folds(kernel.foldHeads(), h));
        }
      }
      if (plan != null) {
        Array.set(out, s, plan.finish(sums));
      }
    }
  }

  /** Scan: chunk c's carry from chunk c - 1's tail, or its carry and head (it lies inside one). */
  private static void carries(SegmentKernel kernel, int chunks, int op, FoldPlan plan) {
    int[] headSeg = kernel.headSegments();
    int[] tailSeg = kernel.tailSegments();
    for (int c = 1; c < chunks; c++) {
      if (headSeg[c] < 0) {
        continue;
      }
      if (plan == null) {
        Object carries = kernel.carries();
        if (tailSeg[c - 1] >= 0) {
          System.arraycopy(kernel.tails(), c - 1, carries, c, 1);
        } else {
          System.arraycopy(carries, c - 1, carries, c, 1);
          HostOps.combineInto(carries, c, kernel.heads(), c - 1, op);
        }
      } else {
        long[] carry =
            tailSeg[c - 1] >= 0
                ? folds(kernel.foldTails(), c - 1)
                : folds(kernel.foldCarries(), c - 1);
        if (tailSeg[c - 1] < 0) {
          add(carry, folds(kernel.foldHeads(), c - 1));
        }
        System.arraycopy(carry, 0, kernel.foldCarries(), SegmentKernel.FOLDS * c, carry.length);
      }
    }
  }

  private static long[] folds(long[] partials, int c) {
    long[] sums = new long[SegmentKernel.FOLDS];
    System.arraycopy(partials, SegmentKernel.FOLDS * c, sums, 0, SegmentKernel.FOLDS);
    return sums;
  }

  private static void add(long[] sums, long[] part) {
    for (int f = 0; f < sums.length; f++) {
      sums[f] += part[f];
    }
  }

  /** The first {@code count} offsets as longs. */
  private static long[] longs(Object offsets, int count) {
    long[] result = new long[count];
    if (offsets instanceof int[] a) {
      for (int i = 0; i < count; i++) {
        result[i] = a[i];
      }
    } else {
      System.arraycopy(offsets, 0, result, 0, count);
    }
    return result;
  }

  @Override
  public long runs(
      DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call) {
    AparapiBuffer k = context.buffers().own(keys);
    AparapiBuffer unique = context.buffers().own(uniqueKeys);
    AparapiBuffer starts = context.buffers().own(offsets);
    if (starts.array() instanceof int[]) {
      return select.runs(k, unique, starts, call);
    }
    try (DeviceBuffer ints = context.buffers().allocate(DType.INT, k.size() + 1L)) {
      AparapiBuffer intStarts = context.buffers().own(ints);
      int runs = select.runs(k, unique, intStarts, call);
      int[] from = (int[]) intStarts.array();
      long[] to = (long[]) starts.array();
      for (int r = 0; r <= runs; r++) {
        to[r] = from[r];
      }
      starts.markWritten();
      return runs;
    }
  }
}
