package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.ReduceOp;

/**
 * {@link ScanChunks} for buffers of which one at least lives off the heap: each step copies its
 * chunk into this thread's window (see {@link CpuScratch}), runs the array path's loops on it in
 * place, and copies scanned chunks out, so the result has the array path's bits. The input may be
 * the output (in place), as on the array path.
 */
abstract class StagedScanChunks extends ScanChunks {
  final CpuBuffer in;
  final CpuBuffer out;

  private StagedScanChunks(CpuBuffer in, CpuBuffer out, ReduceOp op, boolean inclusive) {
    super(in.length(), op, inclusive);
    this.in = in;
    this.out = out;
  }

  /** Steps for scanning {@code in} into {@code out} (of one type; may be the same buffer). */
  static ScanChunks of(CpuBuffer in, CpuBuffer out, ReduceOp op, boolean inclusive) {
    switch (in.type()) {
      case INT:
        return new Ints(in, out, op, inclusive);
      case LONG:
        return new Longs(in, out, op, inclusive);
      case FLOAT:
        return new Floats(in, out, op, inclusive);
      default:
        return new Doubles(in, out, op, inclusive);
    }
  }

  /** This thread's window holding the input of {@code chunk}. */
  final Object load(int chunk) {
    int len = length(chunk);
    Object window = CpuScratch.first(in.type(), len);
    in.load(first(chunk), window, 0, len);
    return window;
  }

  /** Copies the scanned {@code window} of {@code chunk} to the output. */
  final void store(int chunk, Object window) {
    out.store(first(chunk), window, 0, length(chunk));
  }

  private static final class Ints extends StagedScanChunks {
    private final int[] total;
    private final int[] carry;

    Ints(CpuBuffer in, CpuBuffer out, ReduceOp op, boolean inclusive) {
      super(in, out, op, inclusive);
      this.total = new int[Math.max(chunks, 1)];
      this.carry = new int[Math.max(chunks, 1)];
      carry[0] = op.identity(DType.INT).intValue();
    }

    @Override
    void total(int chunk) {
      total[chunk] = ReduceLoops.reduce((int[]) load(chunk), 0, length(chunk), op);
    }

    @Override
    void chain(int chunk) {
      carry[chunk + 1] = ReduceLoops.apply(op, carry[chunk], total[chunk]);
    }

    @Override
    void scan(int chunk) {
      int[] w = (int[]) load(chunk);
      ScanLoops.scan(w, w, 0, length(chunk), carry[chunk], op, inclusive);
      store(chunk, w);
    }
  }

  private static final class Longs extends StagedScanChunks {
    private final long[] total;
    private final long[] carry;

    Longs(CpuBuffer in, CpuBuffer out, ReduceOp op, boolean inclusive) {
      super(in, out, op, inclusive);
      this.total = new long[Math.max(chunks, 1)];
      this.carry = new long[Math.max(chunks, 1)];
      carry[0] = op.identity(DType.LONG).longValue();
    }

    @Override
    void total(int chunk) {
      total[chunk] = ReduceLoops.reduce((long[]) load(chunk), 0, length(chunk), op);
    }

    @Override
    void chain(int chunk) {
      carry[chunk + 1] = ReduceLoops.apply(op, carry[chunk], total[chunk]);
    }

    @Override
    void scan(int chunk) {
      long[] w = (long[]) load(chunk);
      ScanLoops.scan(w, w, 0, length(chunk), carry[chunk], op, inclusive);
      store(chunk, w);
    }
  }

  /** Floating sums run as two half-chunk chains, exactly as {@link ScanChunks}' floats do. */
  private static final class Floats extends StagedScanChunks {
    private final float[] total;
    private final float[] carry;
    private final float[] firstHalf;

    Floats(CpuBuffer in, CpuBuffer out, ReduceOp op, boolean inclusive) {
      super(in, out, op, inclusive);
      this.total = new float[Math.max(chunks, 1)];
      this.carry = new float[Math.max(chunks, 1)];
      this.firstHalf = new float[Math.max(chunks, 1)];
      carry[0] = op.identity(DType.FLOAT).floatValue();
    }

    @Override
    void total(int chunk) {
      float[] w = (float[]) load(chunk);
      int len = length(chunk);
      if (op == ReduceOp.SUM) {
        int mid = (len + 1) / 2;
        firstHalf[chunk] = ReduceLoops.sum(w, 0, mid);
        total[chunk] = firstHalf[chunk] + ReduceLoops.sum(w, mid, len);
      } else {
        total[chunk] = ReduceLoops.reduce(w, 0, len, op);
      }
    }

    @Override
    void chain(int chunk) {
      carry[chunk + 1] = ReduceLoops.apply(op, carry[chunk], total[chunk]);
    }

    @Override
    void scan(int chunk) {
      float[] w = (float[]) load(chunk);
      int len = length(chunk);
      if (op == ReduceOp.SUM) {
        int mid = (len + 1) / 2;
        float first = chunk < chunks - 1 ? firstHalf[chunk] : ReduceLoops.sum(w, 0, mid);
        float carryA = carry[chunk];
        ScanLoops.sumTwoChains(w, w, 0, mid, len, carryA, carryA + first, inclusive);
      } else {
        ScanLoops.scan(w, w, 0, len, carry[chunk], op, inclusive);
      }
      store(chunk, w);
    }
  }

  /** Floating sums run as two half-chunk chains, exactly as {@link ScanChunks}' doubles do. */
  private static final class Doubles extends StagedScanChunks {
    private final double[] total;
    private final double[] carry;
    private final double[] firstHalf;

    Doubles(CpuBuffer in, CpuBuffer out, ReduceOp op, boolean inclusive) {
      super(in, out, op, inclusive);
      this.total = new double[Math.max(chunks, 1)];
      this.carry = new double[Math.max(chunks, 1)];
      this.firstHalf = new double[Math.max(chunks, 1)];
      carry[0] = op.identity(DType.DOUBLE).doubleValue();
    }

    @Override
    void total(int chunk) {
      double[] w = (double[]) load(chunk);
      int len = length(chunk);
      if (op == ReduceOp.SUM) {
        int mid = (len + 1) / 2;
        firstHalf[chunk] = ReduceLoops.sum(w, 0, mid);
        total[chunk] = firstHalf[chunk] + ReduceLoops.sum(w, mid, len);
      } else {
        total[chunk] = ReduceLoops.reduce(w, 0, len, op);
      }
    }

    @Override
    void chain(int chunk) {
      carry[chunk + 1] = ReduceLoops.apply(op, carry[chunk], total[chunk]);
    }

    @Override
    void scan(int chunk) {
      double[] w = (double[]) load(chunk);
      int len = length(chunk);
      if (op == ReduceOp.SUM) {
        int mid = (len + 1) / 2;
        double first = chunk < chunks - 1 ? firstHalf[chunk] : ReduceLoops.sum(w, 0, mid);
        double carryA = carry[chunk];
        ScanLoops.sumTwoChains(w, w, 0, mid, len, carryA, carryA + first, inclusive);
      } else {
        ScanLoops.scan(w, w, 0, len, carry[chunk], op, inclusive);
      }
      store(chunk, w);
    }
  }
}
